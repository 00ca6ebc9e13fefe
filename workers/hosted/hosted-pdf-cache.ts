// The PDFs of a hosted link, kept after their first render (issue 10.4, H5; issue 25, decision H18): the bytes are
// deterministic (D14), so every later open reads them instead of rendering. Two levels:
// - the Cache API (`caches.default`, one copy per data centre): repeated opens in one location cost no KV read;
// - KV (`snap-pdf:<id>`, `snap-fx:<id>`, shared by every location), expiring with the snapshot.
// Both are caches: reading one that fails is a miss, and writing one is best-effort, after the answer
// (waitUntil), logged and never failing the request (KV allows one write a second per key, so a burst of first
// opens of one link would otherwise see writes refused).
import type { Env } from '../env.ts';
import type { StoredSnapshot } from './snapshot-store.ts';

export type HostedPdfKind = 'pdf' | 'facturx';

/** KV refuses expirations less than 60 s ahead; a link that close to its end is rendered, not cached. */
const MIN_KV_EXPIRATION_AHEAD_S = 60;
/** The Cache API keeps a copy at most a day (it may evict earlier); never past the link's end. */
const EDGE_MAX_AGE_S = 86_400;

export function hostedPdfKey(id: string, kind: HostedPdfKind): string {
  return kind === 'pdf' ? `snap-pdf:${id}` : `snap-fx:${id}`;
}

/**
 * The Cache API key: everything the bytes depend on. The snapshot (immutable under its random id), the kind and
 * the service version (a new renderer may draw other bytes). A path the Worker never routes, so no request is
 * ever answered from it without the route's signature and expiry checks (the cached copy is no answer: the
 * client's answer keeps `private, no-store`, F3).
 */
export function hostedPdfCacheUrl(origin: string, id: string, kind: HostedPdfKind, version: string): string {
  return `${origin}/__cache/hosted-pdf/${kind}/${id}?v=${encodeURIComponent(version)}`;
}

function logCacheFailure(what: string, id: string, kind: HostedPdfKind, err: unknown): void {
  console.error(
    JSON.stringify({ level: 'error', msg: `hosted PDF ${what} failed`, link_id: id, kind, error: String(err) }),
  );
}

async function kvRead(env: Env, id: string, kind: HostedPdfKind): Promise<Uint8Array | null> {
  try {
    const bytes = await env.SNAPSHOTS.get(hostedPdfKey(id, kind), 'arrayBuffer');
    return bytes ? new Uint8Array(bytes) : null;
  } catch (err) {
    logCacheFailure('KV read', id, kind, err);
    return null;
  }
}

async function edgeRead(cacheUrl: string, id: string, kind: HostedPdfKind): Promise<Uint8Array | null> {
  try {
    const hit = await caches.default.match(cacheUrl);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch (err) {
    logCacheFailure('cache read', id, kind, err);
    return null;
  }
}

async function edgeWrite(cacheUrl: string, snap: StoredSnapshot, kind: HostedPdfKind, pdf: Uint8Array, now: number) {
  const maxAge = Math.min(EDGE_MAX_AGE_S, snap.expires_at - Math.floor(now / 1000));
  if (maxAge <= 0) return;
  try {
    const copy = new Response(pdf, {
      headers: { 'Content-Type': 'application/pdf', 'Cache-Control': `max-age=${maxAge}` },
    });
    await caches.default.put(cacheUrl, copy);
  } catch (err) {
    logCacheFailure('cache write', snap.id, kind, err);
  }
}

async function kvWrite(env: Env, snap: StoredSnapshot, kind: HostedPdfKind, pdf: Uint8Array, now: number) {
  if (snap.expires_at - Math.floor(now / 1000) < MIN_KV_EXPIRATION_AHEAD_S) return;
  try {
    await env.SNAPSHOTS.put(hostedPdfKey(snap.id, kind), pdf, { expiration: snap.expires_at });
  } catch (err) {
    logCacheFailure('KV write', snap.id, kind, err);
  }
}

export interface HostedPdfCache {
  /** The cached bytes, from this location's cache, else KV; null when neither has them (or both failed). */
  read(): Promise<Uint8Array | null>;
  /** Keeps what `read` did not find, after the answer; never throws. */
  keep(pdf: Uint8Array): void;
}

/** The two cache levels of one link's PDF of `kind`; `waitUntil` runs the writes after the answer. */
export function hostedPdfCache(
  env: Env,
  snap: StoredSnapshot,
  kind: HostedPdfKind,
  origin: string,
  waitUntil: (work: Promise<unknown>) => void,
  now: number,
): HostedPdfCache {
  const cacheUrl = hostedPdfCacheUrl(origin, snap.id, kind, env.SERVICE_VERSION ?? '');
  let missed: 'edge' | 'both' | null = null;
  return {
    async read() {
      const edge = await edgeRead(cacheUrl, snap.id, kind);
      if (edge) return edge;
      const kv = await kvRead(env, snap.id, kind);
      missed = kv ? 'edge' : 'both';
      return kv;
    },
    keep(pdf) {
      if (missed === null) return;
      waitUntil(edgeWrite(cacheUrl, snap, kind, pdf, now));
      if (missed === 'both') waitUntil(kvWrite(env, snap, kind, pdf, now));
    },
  };
}
