import { Decimal } from 'decimal.js';

/**
 * A tiny XPath-free view of a parsed UBL document: element children by qualified name, text,
 * attributes, decimals. The parser is strict and small (elements, attributes, text, the five named
 * entities and numeric character references) and throws on anything else or on a mismatched tag;
 * well-formedness in general is xmllint's job in the XSD test. (xmlbuilder2's parser decodes
 * `&amp;#x26;` twice, so it cannot check escaping round trips.)
 */
export interface El {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: El[];
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  // XML end-of-line handling first: a literal CR never reaches the application, an escaped one does.
  return text.replace(/\r\n?/g, '\n').replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (all, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    const c = NAMED[ref];
    if (c === undefined) throw new Error(`unknown entity ${all}`);
    return c;
  });
}

export function parseUbl(xml: string): El {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const token = /<\/([^\s>]+)\s*>|<([^\s/>]+)((?:\s+[^\s=]+="[^"]*")*)\s*(\/?)>|([^<]+)/gy;
  const root: El = { name: '#document', attrs: {}, text: '', children: [] };
  const stack: El[] = [root];
  let texts: string[] = [];
  let m: RegExpExecArray | null;
  while ((m = token.exec(body)) !== null) {
    const top = stack[stack.length - 1];
    if (m[1] !== undefined) {
      if (top.name !== m[1]) throw new Error(`mismatched </${m[1]}> closing <${top.name}>`);
      if (top.children.length === 0) top.text = decode(texts.join(''));
      stack.pop();
      texts = [];
    } else if (m[2] !== undefined) {
      const el: El = { name: m[2], attrs: {}, text: '', children: [] };
      for (const a of m[3].matchAll(/([^\s=]+)="([^"]*)"/g)) el.attrs[a[1]] = decode(a[2]);
      top.children.push(el);
      if (m[4] !== '/') stack.push(el);
      texts = [];
    } else texts.push(m[5]);
    if (token.lastIndex === body.length) break;
  }
  if (token.lastIndex !== body.length || stack.length !== 1) throw new Error('not well-formed (for this parser)');
  if (root.children.length !== 1) throw new Error('expected one root element');
  return root.children[0];
}

export function all(el: El, name: string): El[] {
  return el.children.filter((c) => c.name === name);
}

export function one(el: El, name: string): El {
  const found = all(el, name);
  if (found.length !== 1) throw new Error(`expected one ${name} in ${el.name}, found ${found.length}`);
  return found[0];
}

export function opt(el: El, name: string): El | undefined {
  return all(el, name)[0];
}

/** Follows a path of element names, each step taking the only child of that name. */
export function path(el: El, ...names: string[]): El {
  return names.reduce(one, el);
}

export function dec(el: El | undefined): Decimal {
  return new Decimal(el ? el.text : '0');
}

/** The document lines: cac:InvoiceLine of an Invoice, cac:CreditNoteLine of a CreditNote. */
export function documentLines(doc: El): El[] {
  return all(doc, doc.name === 'CreditNote' ? 'cac:CreditNoteLine' : 'cac:InvoiceLine');
}
