// Binary modules bundled by wrangler (see the [[rules]] in wrangler.toml).
declare module '*.ttf' {
  const bytes: ArrayBuffer;
  export default bytes;
}
declare module '*.icc' {
  const bytes: ArrayBuffer;
  export default bytes;
}
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}
declare module '*.txt' {
  const text: string;
  export default text;
}
