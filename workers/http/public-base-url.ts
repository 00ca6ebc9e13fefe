// Issue 10.7: absolute links (hosted_url, verification links) are built from the configured
// PUBLIC_BASE_URL, never from the Host header: `Host: evil.example` must not put a link on evil.example.
// Only in development (DEV_MODE "true", no PUBLIC_BASE_URL) does the request's own origin stand in.
import type { Env } from '../env.ts';
import { ApiError } from './api-error.ts';

function notProvisioned(detail: string): ApiError {
  return new ApiError('not_provisioned', `Links cannot be built on this server: ${detail}.`);
}

/** The origin every absolute link starts with (no trailing slash); 503 not_provisioned when unknown. */
export function publicBaseUrl(env: Pick<Env, 'DEV_MODE' | 'PUBLIC_BASE_URL'>, requestUrl: string): string {
  const configured = env.PUBLIC_BASE_URL?.trim();
  if (!configured) {
    if (env.DEV_MODE === 'true') return new URL(requestUrl).origin;
    throw notProvisioned('PUBLIC_BASE_URL is not configured');
  }
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    throw notProvisioned('PUBLIC_BASE_URL is not a URL');
  }
  const originOnly = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !originOnly)
    throw notProvisioned('PUBLIC_BASE_URL must be an http(s) origin such as https://invoices.example.com');
  return url.origin;
}
