/**
 * A minimal streaming XML writer: elements are written in call order, so the caller controls the
 * strict UBL sequence, and the output is a pure function of the calls (D14). Hand-written rather than a
 * DOM builder because rendering 100 lines must stay in single-digit milliseconds.
 */

// Characters XML 1.0 cannot carry at all (C0 controls except tab/LF/CR, U+FFFE/U+FFFF, unpaired
// surrogates): they are replaced with U+FFFD so that any request text yields a well-formed document.
const INVALID_XML_CHARS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching the control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const ESCAPED = /[&<>"'\r]/g;
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\r': '&#13;',
};

/** The text as XML 1.0 can carry it: characters it cannot hold become U+FFFD. */
export function xmlSafeText(text: string): string {
  return text.replace(INVALID_XML_CHARS, '\uFFFD');
}

/** Escapes text for element content and attribute values (CR as a character reference so it survives parsing). */
function escapeXml(text: string): string {
  return xmlSafeText(text).replace(ESCAPED, (c) => ENTITIES[c]);
}

export type XmlAttributes = Readonly<Record<string, string>>;

function attributes(attrs: XmlAttributes | undefined): string {
  if (!attrs) return '';
  let s = '';
  for (const [k, v] of Object.entries(attrs)) s += ` ${k}="${escapeXml(v)}"`;
  return s;
}

export class XmlWriter {
  private readonly parts: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  private readonly stack: string[] = [];

  private indent(): string {
    return '  '.repeat(this.stack.length);
  }

  open(name: string, attrs?: XmlAttributes): this {
    this.parts.push(`${this.indent()}<${name}${attributes(attrs)}>\n`);
    this.stack.push(name);
    return this;
  }

  close(): this {
    const name = this.stack.pop();
    if (name === undefined) throw new Error('XmlWriter: close() without open()');
    this.parts.push(`${this.indent()}</${name}>\n`);
    return this;
  }

  /** A leaf element with text content. */
  leaf(name: string, text: string, attrs?: XmlAttributes): this {
    this.parts.push(`${this.indent()}<${name}${attributes(attrs)}>${escapeXml(text)}</${name}>\n`);
    return this;
  }

  /** A leaf element only when the text is present and not blank. */
  optLeaf(name: string, text: string | undefined, attrs?: XmlAttributes): this {
    if (text !== undefined && text.trim() !== '') this.leaf(name, text, attrs);
    return this;
  }

  toString(): string {
    if (this.stack.length > 0) throw new Error(`XmlWriter: unclosed element ${this.stack[this.stack.length - 1]}`);
    return this.parts.join('');
  }
}

/** True when an optional request string carries text worth writing. */
export function present(text: string | undefined): text is string {
  return text !== undefined && text.trim() !== '';
}
