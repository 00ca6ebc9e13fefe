/**
 * Reads a byte stream whole, but stops and throws `tooLarge()` as soon as it passes `limitBytes`,
 * so an oversized body or image is never buffered in full (D5).
 */
export async function readStreamLimited(
  stream: ReadableStream<Uint8Array> | null,
  limitBytes: number,
  tooLarge: () => Error,
): Promise<Uint8Array> {
  if (!stream) return new Uint8Array();
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limitBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0];
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return all;
}
