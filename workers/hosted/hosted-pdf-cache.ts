// The PDF of a hosted link, kept in KV after its first render (issue 10.4): the bytes are deterministic
// (D14), so every later open is a KV read instead of a render. The entry expires with its snapshot.
import type { Env } from '../env.ts';
import type { StoredSnapshot } from './snapshot-store.ts';

/** KV refuses expirations less than 60 s ahead; a link that close to its end is rendered, not cached. */
const MIN_KV_EXPIRATION_AHEAD_S = 60;

export function hostedPdfKey(id: string): string {
  return `snap-pdf:${id}`;
}

export async function cachedHostedPdf(env: Env, id: string): Promise<Uint8Array | null> {
  const bytes = await env.SNAPSHOTS.get(hostedPdfKey(id), 'arrayBuffer');
  return bytes ? new Uint8Array(bytes) : null;
}

export async function cacheHostedPdf(env: Env, snap: StoredSnapshot, pdf: Uint8Array, now: number): Promise<void> {
  if (snap.expires_at - Math.floor(now / 1000) < MIN_KV_EXPIRATION_AHEAD_S) return;
  await env.SNAPSHOTS.put(hostedPdfKey(snap.id), pdf, { expiration: snap.expires_at });
}
