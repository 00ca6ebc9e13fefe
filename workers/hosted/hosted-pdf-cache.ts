// The PDFs of a hosted link, kept in KV after their first render (issue 10.4): the bytes are deterministic
// (D14), so every later open is a KV read instead of a render. `pdf` is the plain PDF, `facturx` the
// Factur-X hybrid (E4); each entry expires with its snapshot.
import type { Env } from '../env.ts';
import type { StoredSnapshot } from './snapshot-store.ts';

export type HostedPdfKind = 'pdf' | 'facturx';

/** KV refuses expirations less than 60 s ahead; a link that close to its end is rendered, not cached. */
const MIN_KV_EXPIRATION_AHEAD_S = 60;

export function hostedPdfKey(id: string, kind: HostedPdfKind): string {
  return kind === 'pdf' ? `snap-pdf:${id}` : `snap-fx:${id}`;
}

export async function cachedHostedPdf(env: Env, id: string, kind: HostedPdfKind): Promise<Uint8Array | null> {
  const bytes = await env.SNAPSHOTS.get(hostedPdfKey(id, kind), 'arrayBuffer');
  return bytes ? new Uint8Array(bytes) : null;
}

export async function cacheHostedPdf(
  env: Env,
  snap: StoredSnapshot,
  kind: HostedPdfKind,
  pdf: Uint8Array,
  now: number,
): Promise<void> {
  if (snap.expires_at - Math.floor(now / 1000) < MIN_KV_EXPIRATION_AHEAD_S) return;
  await env.SNAPSHOTS.put(hostedPdfKey(snap.id, kind), pdf, { expiration: snap.expires_at });
}
