// The web-standard globals @invoice/pdf may use beyond ES2023 (its tsconfig has no DOM, Workers or
// Node types). Every runtime the package runs in (workerd, Node, browsers) has them; only the members
// the package uses are declared, so anything else fails to type-check.

/** Latin-1/ASCII bytes of content streams and font dictionaries. */
interface TextEncoder {
  encode(input?: string): Uint8Array<ArrayBuffer>;
}
declare var TextEncoder: { new (): TextEncoder };

/** harfbuzz.wasm, instantiated from a module the caller compiled (workerd forbids compiling bytes at run time). */
declare namespace WebAssembly {
  class Module {
    private constructor();
  }
  class Instance {
    constructor(module: Module, imports?: Record<string, Record<string, unknown>>);
    readonly exports: Record<string, unknown>;
  }
  class Memory {
    private constructor();
    readonly buffer: ArrayBuffer;
    grow(delta: number): number;
  }
}
