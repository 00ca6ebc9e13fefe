// Helpers shared by the accounts, limits and idempotency tests: drive the real routes end to end.
import { env, exports } from 'cloudflare:workers';
import { assertDocumented, documentedPath } from './openapi-conformance-check.ts';

// `env` and `exports` are typed by workers/cloudflare-env.d.ts (Cloudflare.Env extends the Worker's Env).
export const testEnv = env;
/**
 * The Worker's own fetch handler. Every answer on a documented path is held to /openapi.json
 * (status, content type, body schema, required headers), so every Worker test checks the contract too.
 */
export async function workerFetch(input: string | Request, init?: RequestInit): Promise<Response> {
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  const url = typeof input === 'string' ? input : input.url;
  const res = await exports.default.fetch(input, init);
  if (documentedPath(new URL(url).pathname)) await assertDocumented(method, url, res);
  return res;
}

export const BASE = 'http://localhost:8787';

/** A random address in 100.64.0.0/10 (shared address space), not one any test names. */
function randomClientIp(): string {
  const byte = () => Math.floor(Math.random() * 256);
  return `100.${64 + Math.floor(Math.random() * 64)}.${byte()}.${byte()}`;
}

export async function call(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  // Registrations are limited per IP (10 per hour): unless a test names the address, each one comes from its own,
  // so tests do not use up each other's. The limit itself is tested with named addresses.
  if (path === '/api/auth/register' && !headers.has('CF-Connecting-IP'))
    headers.set('CF-Connecting-IP', randomClientIp());
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
