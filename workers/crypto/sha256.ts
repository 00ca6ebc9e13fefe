// SHA-256 of text: how session ids, API keys, tokens, login scopes and idempotent bodies are stored or compared.
import { bytesToHex } from './byte-encoding.ts';

const encoder = new TextEncoder();

/** SHA-256 of a UTF-8 string, lower-case hex. */
export async function sha256Hex(text: string): Promise<string> {
  return bytesToHex(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text))));
}
