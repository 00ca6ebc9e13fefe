/**
 * Document metadata text as both the Info dictionary and the XMP packet can hold it. The XMP is XML 1.0
 * in UTF-8: it cannot carry the C0 control characters (but tab, LF, CR), U+FFFE/U+FFFF or a lone
 * surrogate, while an Info string (UTF-16) could. PDF/A (ISO 19005-3 6.6.2.3) requires the two to be
 * equal, so every metadata value goes through here before either is written: the controls are dropped
 * and a lone surrogate becomes U+FFFD, as a UTF-8 encoder would write it.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function metadataText(text: string): string {
  return text.replace(XML_FORBIDDEN, '').replace(LONE_SURROGATE, '\ufffd');
}
