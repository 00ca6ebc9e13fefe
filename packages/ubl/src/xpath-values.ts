/**
 * How the validators' XPath sees a value, for the predictions that must agree with them: `normalize-space()`
 * (only XML's four whitespace characters) and whether `number()` gives NaN (an xs:double's lexical form).
 */
export const normalizeSpace = (s: string) => s.replace(/[ \t\r\n]+/g, ' ').replace(/^ | $/g, '');

const XS_DOUBLE = /^[ \t\r\n]*([+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?|[+-]?INF)[ \t\r\n]*$/;

export const isXPathNumber = (s: string) => XS_DOUBLE.test(s);
