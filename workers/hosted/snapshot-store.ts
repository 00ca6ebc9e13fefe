// D9: invoice snapshots behind hosted links. KV holds them with a 7-day TTL (so storage cleans
// itself), and each carries its own expires_at, checked on read, because KV expiry is lazy and
// eventually consistent: a link must stop working at exactly 7 days.
import type { ResolvedInvoice } from '@invoice/model';
import type { Env } from '../env.ts';
import type { DocumentFacts } from './document-facts.ts';
import { indexHostedLink } from './hosted-link-index.ts';
import {
  HOSTED_ID_PATTERN,
  hostedLinkSecret,
  newHostedId,
  signHostedId,
  verifyHostedSignature,
} from './hosted-link-signature.ts';

export const HOSTED_LINK_TTL_SECONDS = 7 * 24 * 3600;

/** Image bytes as fetched and checked at generation time, so re-rendering never fetches again. */
interface SnapshotImage {
  mime: 'image/png' | 'image/jpeg';
  base64: string;
}

/** What the generate pipeline hands over: everything rendering needs, nothing derived. */
export interface InvoiceSnapshot {
  /** The canonical request with number and date resolved; totals are recomputed from it (D1 is deterministic). */
  request: ResolvedInvoice['request'];
  /** Decoded logo/signature; when present the request's own logo/signature strings are not stored. */
  images?: { logo?: SnapshotImage; signature?: SnapshotImage };
  account_id?: string;
  /** K6: false for a test key's document (its PDF is watermarked); absent = live (snapshots from before issue 26). */
  livemode?: false;
}

export interface StoredSnapshot extends InvoiceSnapshot {
  v: 1;
  id: string;
  hosted_url: string;
  /** Unix seconds. */
  created_at: number;
  /** Unix seconds; the link answers 404 from this moment on. */
  expires_at: number;
}

export interface HostedLink {
  id: string;
  hosted_url: string;
  /** Unix seconds (spec: hosted_expires_at). */
  hosted_expires_at: number;
}

export function snapshotKey(id: string): string {
  return `snap:${id}`;
}

function hostedUrlFor(baseUrl: string, id: string, sig: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/api/i/${id}?t=${sig}`;
}

/** Drops the image source strings the decoded images replace (a data: URI can be megabytes). */
function compactRequest(s: InvoiceSnapshot): InvoiceSnapshot['request'] {
  const req = { ...s.request };
  if (s.images?.logo && req.from?.logo !== undefined) req.from = { ...req.from, logo: undefined };
  if (s.images?.signature && req.signature !== undefined) req.signature = undefined;
  return req;
}

/** The signed URL of a link id (also rebuilt for the document list, which keeps no signature in D1). */
export async function hostedUrlOf(env: Env, baseUrl: string, id: string): Promise<string> {
  return hostedUrlFor(baseUrl, id, await signHostedId(hostedLinkSecret(env), id));
}

/**
 * Stores the snapshot and returns its signed link. `now` in ms; `baseUrl` is the service origin
 * the link should point at (PUBLIC_BASE_URL: workers/http/public-base-url.ts). `facts`: what the document
 * list shows (issue 26), from the resolved invoice the caller has; computed from the snapshot when not given.
 */
export async function storeSnapshot(
  env: Env,
  snapshot: InvoiceSnapshot,
  now: number,
  baseUrl: string,
  facts: DocumentFacts,
): Promise<HostedLink> {
  const id = newHostedId();
  const hosted_url = await hostedUrlOf(env, baseUrl, id);
  const created_at = Math.floor(now / 1000);
  const expires_at = created_at + HOSTED_LINK_TTL_SECONDS;
  const stored: StoredSnapshot = {
    ...snapshot,
    request: compactRequest(snapshot),
    v: 1,
    id,
    hosted_url,
    created_at,
    expires_at,
  };
  await env.SNAPSHOTS.put(snapshotKey(id), JSON.stringify(stored), {
    expirationTtl: HOSTED_LINK_TTL_SECONDS,
    metadata: { expires_at },
  });
  // Indexed after KV holds it, and only while the account is not being closed (H25): an index row means the
  // snapshot was already there when a deletion listed the index, so the deletion removes it; a refused row means
  // the deletion may have passed, so the snapshot goes again here and the link is never handed out.
  if (snapshot.account_id)
    try {
      await indexHostedLink(
        env.DB,
        { id, accountId: snapshot.account_id, createdAt: created_at, expiresAt: expires_at, facts },
        created_at,
      );
    } catch (err) {
      await env.SNAPSHOTS.delete(snapshotKey(id)).catch(() => undefined);
      throw err;
    }
  return { id, hosted_url, hosted_expires_at: expires_at };
}

/**
 * The snapshot behind a link, or null for every failure alike (malformed id, wrong signature,
 * unknown id, expired), so the caller answers one identical 404. `now` in ms.
 */
export async function loadSnapshot(
  env: Env,
  id: string,
  t: string | undefined,
  now: number,
): Promise<StoredSnapshot | null> {
  const secret = hostedLinkSecret(env);
  const wellFormed = HOSTED_ID_PATTERN.test(id);
  // Verify even for a malformed id, so timing does not tell the two apart.
  const signed = await verifyHostedSignature(secret, wellFormed ? id : '0'.repeat(22), t);
  if (!wellFormed || !signed) return null;
  const raw = await env.SNAPSHOTS.get(snapshotKey(id));
  if (!raw) return null;
  const snap = JSON.parse(raw) as StoredSnapshot;
  if (snap.v !== 1 || Math.floor(now / 1000) >= snap.expires_at) return null;
  return snap;
}
