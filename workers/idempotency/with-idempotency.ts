// D8 around a handler: `Idempotency-Key` scoped per account (or per client IP), fingerprint =
// method + path + SHA-256 of the raw body, first 2xx replayed byte for byte for 24 hours.
import type { Context } from 'hono';
import { sha256Hex } from '../crypto/sha256.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { startHeartbeat } from '../http/lease-heartbeat.ts';
import { leaseTimings } from '../limits/lease-timings.ts';
import type { IdempotencyStore } from './idempotency-object.ts';

const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const MAX_KEY_LENGTH = 255;
const CHUNK_BYTES = 1024 * 1024;
/** Response headers that are part of the stored answer (D8); others (request id, limits) are per request. */
const REPLAYED_HEADERS = ['Content-Type', 'Content-Disposition', 'X-EN16931-Issues', 'X-EInvoice-Issues'];

export interface IdempotencyOptions {
  /** Headers for replays and conflicts, e.g. current rate-limit headers from peekUsage. */
  extraHeaders?: () => Promise<Record<string, string>>;
  /** Test clock (Unix ms). */
  now?: number;
  /** Test only: the heartbeat interval (lease-heartbeat.ts). */
  heartbeatMs?: number;
}

export async function requestFingerprint(method: string, path: string, rawBody: string): Promise<string> {
  return `${method.toUpperCase()} ${path} sha256:${await sha256Hex(rawBody)}`;
}

/**
 * No header → `run()`. Otherwise: the first request runs and its 2xx answer is stored; repeats get it
 * with `Idempotent-Replayed: true` and run nothing (so they count against no quota); the same key with
 * another body is 422, and while the first is still running 409, both `idempotency_key_conflict`. The
 * running attempt renews its in-flight lease until its answer is stored (F2), so only a dead attempt's
 * record lapses.
 */
export async function withIdempotency(
  c: Context<AppEnv>,
  scope: string,
  rawBody: string,
  run: () => Promise<Response>,
  options: IdempotencyOptions = {},
): Promise<Response> {
  const key = c.req.header(IDEMPOTENCY_HEADER);
  if (key === undefined) return run();
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw ApiError.field(
      'validation_error',
      IDEMPOTENCY_HEADER,
      'header',
      `must be 1 to ${MAX_KEY_LENGTH} characters long`,
    );
  }
  const now = options.now ?? Date.now();
  const fingerprint = await requestFingerprint(c.req.method, new URL(c.req.url).pathname, rawBody);
  const ns = c.env.IDEMPOTENCY;
  // JSON keeps (scope, key) pairs unambiguous whatever characters the key holds.
  const stub = ns.get(ns.idFromName(JSON.stringify([scope, key])));
  const begun = await stub.begin(fingerprint, now);
  const extra = async () => (options.extraHeaders ? await options.extraHeaders() : {});

  if (begun.state === 'mismatch') {
    throw new ApiError(
      'idempotency_key_conflict',
      'This Idempotency-Key was already used with a different request (method, path or body); use a new key for a new request.',
      { status: 422, headers: await extra() },
    );
  }
  if (begun.state === 'in_flight') {
    // F2: by the end of the lease the first request has answered (a retry then replays it) or is dead (a
    // retry then runs); a live one renews its lease, so the key can answer 409 again.
    const seconds = Math.max(1, Math.ceil((begun.leaseUntil - now) / 1000));
    throw new ApiError(
      'idempotency_key_conflict',
      `A request with this Idempotency-Key is still in progress; retry after it has finished (at the latest in ${seconds} s, when its lease ends if it stopped).`,
      { headers: { ...(await extra()), 'Retry-After': String(seconds) } },
    );
  }
  if (begun.state === 'done') {
    const parts: Uint8Array[] = [];
    for (let i = 0; i < begun.chunkCount; i++) parts.push(await stub.readChunk(i));
    const headers = new Headers(await extra());
    for (const [k, v] of Object.entries(begun.headers)) headers.set(k, v);
    headers.set('Idempotent-Replayed', 'true');
    return new Response(concat(parts), { status: begun.status, headers });
  }

  const attempt = begun.attempt;
  const heartbeat = startHeartbeat(
    () => stub.renew(attempt, Date.now()),
    'idempotency',
    options.heartbeatMs ?? leaseTimings(c.env).heartbeatMs,
  );
  try {
    return await runAndStore(stub, attempt, run);
  } finally {
    heartbeat.stop();
  }
}

/** Runs the attempt that holds the key and stores its 2xx answer; anything else frees the key. */
async function runAndStore(
  stub: DurableObjectStub<IdempotencyStore>,
  attempt: string,
  run: () => Promise<Response>,
): Promise<Response> {
  let res: Response;
  try {
    res = await run();
  } catch (err) {
    await stub.abandon(attempt);
    throw err;
  }
  if (res.status < 200 || res.status >= 300) {
    await stub.abandon(attempt);
    return res;
  }
  const bytes = new Uint8Array(await res.arrayBuffer());
  try {
    const chunkCount = Math.ceil(bytes.length / CHUNK_BYTES);
    for (let i = 0; i < chunkCount; i++)
      await stub.putChunk(attempt, i, bytes.subarray(i * CHUNK_BYTES, (i + 1) * CHUNK_BYTES));
    const stored: Record<string, string> = {};
    for (const h of REPLAYED_HEADERS) {
      const v = res.headers.get(h);
      if (v !== null) stored[h] = v;
    }
    await stub.complete(attempt, { status: res.status, headers: stored, chunkCount }, Date.now());
  } catch (err) {
    // The caller still gets its answer; a retry will simply run again.
    console.error(JSON.stringify({ level: 'error', event: 'idempotency_store_failed', error: String(err) }));
    await stub.abandon(attempt).catch(() => undefined);
  }
  return new Response(bytes, { status: res.status, headers: res.headers });
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
