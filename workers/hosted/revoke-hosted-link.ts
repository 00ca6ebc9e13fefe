// Revoking a hosted link (issue 26, decision H21): its snapshot and cached PDFs are deleted from KV, and this
// location's Cache API copies too. Opening a link reads its snapshot from KV first (loadSnapshot), so the next
// open where it was revoked answers the same 404 as an unknown link; other locations follow within KV's
// propagation bound (up to 60 s). No tombstone: one would live in KV too and propagate no faster.
import type { Env } from '../env.ts';
import { type HostedPdfKind, hostedPdfCacheUrl, hostedPdfKey } from './hosted-pdf-cache.ts';
import { snapshotKey } from './snapshot-store.ts';

const KINDS: readonly HostedPdfKind[] = ['pdf', 'facturx'];

/** Every KV key of a link: the snapshot and both cached PDFs (account deletion uses them too). */
export function hostedLinkKeys(id: string): string[] {
  return [snapshotKey(id), ...KINDS.map((kind) => hostedPdfKey(id, kind))];
}

/**
 * `origins`: those the link may have been opened under (the public base URL, and the revoking request's own);
 * the Cache API key carries the origin of the open (hosted-pdf-cache.ts).
 */
export async function revokeHostedLink(env: Env, id: string, origins: readonly string[]): Promise<void> {
  // The snapshot first: from that delete on, this location answers 404 whatever else is still cached.
  await env.SNAPSHOTS.delete(snapshotKey(id));
  const version = env.SERVICE_VERSION ?? '';
  const cacheUrls = [...new Set(origins)].flatMap((o) => KINDS.map((k) => hostedPdfCacheUrl(o, id, k, version)));
  await Promise.all([
    ...KINDS.map((kind) => env.SNAPSHOTS.delete(hostedPdfKey(id, kind))),
    ...cacheUrls.map((url) => caches.default.delete(url)),
  ]);
}
