// Where a JSON text first goes wrong, as an offset: the browsers' JSON.parse messages no longer say
// (V8 quotes a snippet instead), so the JSON editor finds it itself with this small RFC 8259 scanner.

const WS = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = '"\\/bfnrt';

class JsonStop {
  constructor(readonly at: number) {}
}

/** The offset of the first character that makes `text` invalid JSON (text.length: it ends too early), or -1. */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const fail = (at = i): never => {
    throw new JsonStop(at);
  };
  const ws = () => {
    while (i < text.length && WS.has(text[i])) i++;
  };
  const expect = (ch: string) => {
    if (text[i] !== ch) fail();
    i++;
  };
  const literal = (word: string) => {
    for (const ch of word) expect(ch);
  };
  const string = () => {
    expect('"');
    while (text[i] !== '"') {
      if (i >= text.length || text[i] < ' ') fail();
      if (text[i] === '\\') {
        i++;
        if (text[i] === 'u') {
          for (let k = 1; k <= 4; k++) if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) fail(i + k);
          i += 4;
        } else if (i >= text.length || !ESCAPES.includes(text[i])) fail();
      }
      i++;
    }
    i++;
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m) fail();
    else i += m[0].length;
  };
  const members = (close: string, member: () => void) => {
    i++;
    ws();
    if (text[i] === close) {
      i++;
      return;
    }
    for (;;) {
      member();
      ws();
      if (text[i] === close) break;
      expect(',');
    }
    i++;
  };
  const value = () => {
    ws();
    const ch = text[i];
    if (ch === '{')
      members('}', () => {
        ws();
        string();
        ws();
        expect(':');
        value();
      });
    else if (ch === '[') members(']', value);
    else if (ch === '"') string();
    else if (ch === 't') literal('true');
    else if (ch === 'f') literal('false');
    else if (ch === 'n') literal('null');
    else if (ch === '-' || (ch >= '0' && ch <= '9')) number();
    else fail();
  };
  try {
    value();
    ws();
    return i < text.length ? i : -1;
  } catch (stop) {
    if (stop instanceof JsonStop) return Math.min(stop.at, text.length);
    throw stop;
  }
}
