// The first 1 KB of a receiver's answer, for the delivery log (W1). Only that much is read: a
// receiver that streams megabytes costs us nothing more, and the rest of the body is cancelled so
// the connection is released. Cut on a UTF-8 character boundary, so no half character is stored.

const RESPONSE_EXCERPT_BYTES = 1024;

export async function readBodyExcerpt(res: Response, maxBytes = RESPONSE_EXCERPT_BYTES): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const buf = new Uint8Array(maxBytes);
  let filled = 0;
  try {
    while (filled < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      const take = Math.min(value.length, maxBytes - filled);
      buf.set(value.subarray(0, take), filled);
      filled += take;
    }
  } catch {
    // A body that breaks off (or times out) keeps what arrived.
  } finally {
    await reader.cancel().catch(() => {});
  }
  // `stream: true` holds back an incomplete trailing sequence instead of writing U+FFFD for it.
  return new TextDecoder().decode(buf.subarray(0, filled), { stream: true });
}
