// fontkit 2 ships no types; the tests use it only to read back subset fonts.
declare module 'fontkit' {
  interface Glyph {
    advanceWidth: number;
    path: { commands: { command: string }[] };
  }
  export interface Font {
    numGlyphs: number;
    getGlyph(id: number): Glyph;
  }
  export function create(buffer: Uint8Array): Font;
}
