// The web-standard globals @invoice/qr may use beyond ES2023 (its tsconfig has no DOM, Workers or
// Node types). Every runtime the package runs in (workerd, Node, browsers) has them; only the members
// the package uses are declared, so anything else fails to type-check.

/** UTF-8 bytes of the text encoded in byte mode. */
interface TextEncoder {
  encode(input?: string): Uint8Array<ArrayBuffer>;
}
declare var TextEncoder: { new (): TextEncoder };
