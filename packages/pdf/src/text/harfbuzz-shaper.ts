/**
 * Thin binding to harfbuzzjs's harfbuzz.wasm, instantiated from an already-compiled WebAssembly.Module.
 * harfbuzzjs's own loader fetches the .wasm by URL and compiles JS trampolines from bytes at run time,
 * both forbidden in workerd, so we talk to the wasm exports directly (only shaping is needed).
 */
export interface ShapedGlyph {
  gid: number;
  cluster: number;
  xAdvance: number;
  xOffset: number;
  yOffset: number;
}

interface HbExports {
  memory: WebAssembly.Memory;
  __wasm_call_ctors(): void;
  malloc(n: number): number;
  free(p: number): void;
  hb_blob_create(data: number, len: number, mode: number, user: number, destroy: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_font_create(face: number): number;
  hb_buffer_create(): number;
  hb_buffer_clear_contents(b: number): void;
  hb_buffer_add_utf16(b: number, text: number, len: number, offset: number, itemLen: number): void;
  hb_buffer_set_direction(b: number, dir: number): void;
  hb_buffer_set_script(b: number, script: number): void;
  hb_buffer_guess_segment_properties(b: number): void;
  hb_buffer_get_length(b: number): number;
  hb_buffer_get_glyph_infos(b: number, len: number): number;
  hb_buffer_get_glyph_positions(b: number, len: number): number;
  hb_shape(font: number, b: number, features: number, n: number): void;
}

const tag = (s: string) =>
  ((s.charCodeAt(0) << 24) | (s.charCodeAt(1) << 16) | (s.charCodeAt(2) << 8) | s.charCodeAt(3)) >>> 0;
const DIR_LTR = 4;
const DIR_RTL = 5;

export class HarfBuzz {
  private readonly x: HbExports;
  private readonly buffer: number;
  private textPtr = 0;
  private textCap = 0;

  constructor(wasm: WebAssembly.Module) {
    let memory: WebAssembly.Memory | undefined;
    const fail = (what: string) => () => {
      throw new Error(`harfbuzz: ${what}`);
    };
    const imports = {
      _abort_js: fail('abort'),
      proc_exit: fail('exit'),
      _emscripten_runtime_keepalive_clear: () => {},
      _setitimer_js: () => 0,
      emscripten_resize_heap: (requested: number) => {
        const m = memory!;
        const pages = Math.ceil((Math.max(requested >>> 0, m.buffer.byteLength * 1.25) - m.buffer.byteLength) / 65536);
        try {
          m.grow(pages);
          return 1;
        } catch {
          return 0;
        }
      },
    };
    const instance = new WebAssembly.Instance(wasm, { env: imports, wasi_snapshot_preview1: imports });
    this.x = instance.exports as unknown as HbExports;
    memory = this.x.memory;
    this.x.__wasm_call_ctors();
    this.buffer = this.x.hb_buffer_create();
  }

  /** Creates a hb_font for font bytes; the copy lives as long as the isolate (fonts are cached per isolate). */
  createFont(bytes: Uint8Array): number {
    const p = this.x.malloc(bytes.length);
    new Uint8Array(this.x.memory.buffer, p, bytes.length).set(bytes);
    const blob = this.x.hb_blob_create(p, bytes.length, 1 /* READONLY */, 0, 0);
    return this.x.hb_font_create(this.x.hb_face_create(blob, 0));
  }

  /** Shapes `text` (one script, one direction); glyphs come back in visual (left-to-right) order, units = font units. */
  shape(font: number, text: string, rtl: boolean, script: string): ShapedGlyph[] {
    const x = this.x;
    if (text.length > this.textCap) {
      if (this.textPtr) x.free(this.textPtr);
      this.textCap = Math.max(64, text.length * 2);
      this.textPtr = x.malloc(this.textCap * 2);
    }
    const u16 = new Uint16Array(x.memory.buffer, this.textPtr, text.length);
    for (let i = 0; i < text.length; i++) u16[i] = text.charCodeAt(i);
    const b = this.buffer;
    x.hb_buffer_clear_contents(b);
    x.hb_buffer_add_utf16(b, this.textPtr, text.length, 0, text.length);
    x.hb_buffer_set_direction(b, rtl ? DIR_RTL : DIR_LTR);
    x.hb_buffer_set_script(b, tag(script));
    x.hb_buffer_guess_segment_properties(b);
    x.hb_shape(font, b, 0, 0);
    const n = x.hb_buffer_get_length(b);
    const info = new Uint32Array(x.memory.buffer, x.hb_buffer_get_glyph_infos(b, 0), n * 5);
    const pos = new Int32Array(x.memory.buffer, x.hb_buffer_get_glyph_positions(b, 0), n * 5);
    const out: ShapedGlyph[] = new Array(n);
    for (let i = 0; i < n; i++) {
      out[i] = {
        gid: info[i * 5],
        cluster: info[i * 5 + 2],
        xAdvance: pos[i * 5],
        xOffset: pos[i * 5 + 2],
        yOffset: pos[i * 5 + 3],
      };
    }
    return out;
  }
}

const instances = new WeakMap<object, HarfBuzz>();

/** One HarfBuzz instance per compiled module (per isolate). Node callers may pass the .wasm bytes. */
export function harfBuzzFrom(wasm: WebAssembly.Module | Uint8Array): HarfBuzz {
  let hb = instances.get(wasm);
  if (!hb) {
    // workers-types declares Module abstract; compiling from bytes is for Node only (workerd forbids it)
    const compile = WebAssembly.Module as unknown as new (bytes: Uint8Array) => WebAssembly.Module;
    hb = new HarfBuzz(wasm instanceof WebAssembly.Module ? wasm : new compile(wasm));
    instances.set(wasm, hb);
  }
  return hb;
}
