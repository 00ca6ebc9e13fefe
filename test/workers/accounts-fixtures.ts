// Helpers shared by the accounts, limits and idempotency tests: drive the real routes end to end.
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import worker from '../../workers/index.ts';
import { assertDocumented, documentedPath } from './openapi-conformance-check.ts';

// `env` and `exports` are typed by workers/cloudflare-env.d.ts (Cloudflare.Env extends the Worker's Env).
export const testEnv = env;

/**
 * Client addresses. The Worker test files share one Miniflare per test worker (`isolate: false` in
 * vitest.config.ts), so one D1 and one set of Durable Objects: the limits keyed by client address (anonymous
 * windows D3, the login throttle H4, registrations H6, hosted-link opens 10.4) would add up across files under
 * one address. So every address a test counts against comes from freshClientIp(), which no other request of
 * the run is given, and a request that names no address gets its file's own (see clientAddressPerFile).
 */
let addressesHandedOut = 0;

/** An address in 100.64.0.0/10 (shared address space) that no other caller of this test worker has used. */
export function freshClientIp(): string {
  addressesHandedOut += 1;
  const n = addressesHandedOut;
  return `100.${64 + ((n >> 16) & 63)}.${(n >> 8) & 255}.${n & 255}`;
}

let fileClientIp = freshClientIp();

/** Called before each test file (test/workers/client-address-per-file.ts): a new address for the file's requests. */
export function clientAddressPerFile(): void {
  fileClientIp = freshClientIp();
}

/** The headers with CF-Connecting-IP set to the file's address unless they name one (Cloudflare always sets it). */
export function withClientAddress(headers: HeadersInit | undefined): Headers {
  const out = new Headers(headers);
  if (!out.has('CF-Connecting-IP')) out.set('CF-Connecting-IP', fileClientIp);
  return out;
}

/**
 * The Worker's own fetch handler. Every answer on a documented path is held to /openapi.json
 * (status, content type, body schema, required headers), so every Worker test checks the contract too.
 */
export async function workerFetch(input: string | Request, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const res = await exports.default.fetch(new Request(request, { headers: withClientAddress(request.headers) }));
  if (documentedPath(new URL(request.url).pathname)) await assertDocumented(request.method, request.url, res);
  return res;
}

export const BASE = 'http://localhost:8787';

/** A small valid invoice with no hosted link and no QR: what the key, cache and limit tests generate. */
export const PLAIN_INVOICE = {
  from: { name: 'Acme' },
  to: { name: 'Client' },
  items: [{ description: 'Work', quantity: 2, unit_price: 50 }],
  features: { hosted_link: false, qr: false },
};

/**
 * The Worker's fetch handler with some bindings replaced (e.g. the counting ones of storage-op-counter.ts), and after
 * the answer everything it left running (waitUntil).
 */
export async function fetchWithEnv(request: Request, bindings: Partial<typeof env>): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await (worker as ExportedHandler<typeof env>).fetch!(
    new Request(request, { headers: withClientAddress(request.headers) }) as Request<
      unknown,
      IncomingRequestCfProperties
    >,
    { ...env, ...bindings },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

export async function call(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  // Registrations are limited per IP (10 per hour): unless a test names the address, each one comes from its own,
  // so tests do not use up each other's. The limit itself is tested with addresses of its own.
  if (path === '/api/auth/register' && !headers.has('CF-Connecting-IP'))
    headers.set('CF-Connecting-IP', freshClientIp());
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(init.json);
  }
  return workerFetch(`${BASE}${path}`, { ...init, headers, body });
}

export function uniqueEmail(tag = 'user'): string {
  return `${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

export async function latestEmail(to: string) {
  const res = await call(`/api/dev/emails?to=${encodeURIComponent(to)}`);
  const body = (await res.json()) as {
    emails: { to: string; subject: string; text: string; links: string[]; sent_at: number }[];
  };
  return body.emails[0];
}

/**
 * The newest email to `to` whose subject is `subject`, polled: some are sent after the answer (waitUntil,
 * issue 24's forgot-password), so the sink may hold them a moment later.
 */
export async function awaitEmail(to: string, subject: string, after = 0) {
  for (let i = 0; i < 100; i++) {
    const res = await call(`/api/dev/emails?to=${encodeURIComponent(to)}`);
    const { emails } = (await res.json()) as {
      emails: { id?: number; to: string; subject: string; text: string; links: string[]; sent_at: number }[];
    };
    const found = emails.filter((e) => e.subject === subject);
    if (found.length > after) return found[0];
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no email "${subject}" to ${to}`);
}

/** Asks for a reset link (forgot-password, from an address of its own) and returns the token of the emailed link. */
export async function resetTokenFor(email: string, ip = freshClientIp()): Promise<string> {
  const before = await countEmails(email, 'Reset your password');
  const res = await call('/api/auth/forgot-password', {
    method: 'POST',
    json: { email },
    headers: { 'CF-Connecting-IP': ip },
  });
  if (res.status !== 200) throw new Error(`forgot-password failed: ${res.status} ${await res.text()}`);
  const mail = await awaitEmail(email, 'Reset your password', before);
  return new URL(mail.links[0]).searchParams.get('token') ?? '';
}

export async function countEmails(to: string, subject: string): Promise<number> {
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM dev_emails WHERE to_addr = ? AND subject = ?')
    .bind(to, subject)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export function cookieFrom(res: Response): string {
  const set = res.headers.get('Set-Cookie') ?? '';
  return set.split(';')[0];
}

export async function register(email: string, password = 'correct horse battery') {
  const res = await call('/api/auth/register', { method: 'POST', json: { email, password } });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
}

export async function verify(email: string) {
  const mail = await latestEmail(email);
  const res = await workerFetch(mail.links[0]);
  if (res.status !== 200) throw new Error(`verify failed: ${res.status} ${await res.text()}`);
}

export async function login(
  email: string,
  password = 'correct horse battery',
  headers: HeadersInit = {},
): Promise<string> {
  const res = await call('/api/auth/login', { method: 'POST', json: { email, password }, headers });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return cookieFrom(res);
}

/** Register, verify through the dev mail sink, log in and create a key: the README walk-through. */
export async function verifiedAccountWithKey(tag = 'user') {
  const email = uniqueEmail(tag);
  await register(email);
  await verify(email);
  const cookie = await login(email);
  const res = await call('/api/auth/generate-api-key', {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/json' },
  });
  const { api_key } = (await res.json()) as { api_key: string };
  return { email, cookie, apiKey: api_key };
}

/** `db` with every statement it prepares (SQL text) and every batch recorded in `log`, in order. */
export function recordingDb(db: D1Database, log: string[]): D1Database {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare')
        return (sql: string) => {
          log.push(`prepare ${sql.replace(/\s+/g, ' ')}`);
          return target.prepare(sql);
        };
      if (prop === 'batch')
        return (stmts: D1PreparedStatement[]) => {
          log.push(`batch of ${stmts.length}`);
          return target.batch(stmts);
        };
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
