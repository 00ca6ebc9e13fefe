// A route declared once: method, path, auth, request schemas, the success response and the error codes
// per status. The router mounts handlers from these (mount-operations.ts), handlers read their input
// through them, /openapi.json is generated from them, and the conformance tests check live answers
// against them. Own table rather than @hono/zod-openapi: docs/decisions.md, C1.
import type { z } from 'zod';
import type { CodeOf, ErrorStatus } from './error-codes.ts';
import type { LegacyCodeOf, LegacyErrorStatus } from './legacy-error-codes.ts';
import type { JsonBodyRule } from './read-json-body.ts';

type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * - `public`: no credentials are read.
 * - `optional`: an API key, a session or anonymous (generate: D3).
 * - `account`: an API key or the session cookie.
 * - `legacy_key`: the legacy render interface's raw `inv_sk_` key in Authorization (D11).
 */
type AuthMode = 'public' | 'optional' | 'account' | 'legacy_key';

/** Error codes a route may answer, by status; each (status, code) pair must be a row of the error table. */
type ErrorDeclarations = { readonly [S in ErrorStatus]?: readonly CodeOf<S>[] };
/** The same for the legacy interface's own table (legacy-error-codes.ts). */
type LegacyErrorDeclarations = { readonly [S in LegacyErrorStatus]?: readonly LegacyCodeOf<S>[] };

interface SuccessDeclaration {
  status: 200 | 201 | 202;
  description: string;
  /** The JSON body; with `pdf`/`xml` too, the body depends on a request field (`output`, `format`). */
  json?: z.ZodType;
  pdf?: boolean;
  xml?: boolean;
  /** Optional headers of the success answer beyond the rate-limit ones, by name (strings). */
  headers?: Readonly<Record<string, { description: string }>>;
}

export interface Operation {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI path template, e.g. `/api/webhooks/{id}`. */
  path: string;
  summary: string;
  description?: string;
  auth: AuthMode;
  /** Every answer carries the X-RateLimit-* and IETF RateLimit headers (D7). */
  rateLimited?: boolean;
  /** Accepts `Idempotency-Key` (D8). */
  idempotent?: boolean;
  /** A 404 that a browser (`Accept: text/html`) gets as a page, as this says (hosted links, issue 26). */
  notFoundPage?: string;
  /** Only served when DEV_MODE is "true" (404 otherwise). */
  devOnly?: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** The request body's limit and schema; `documented` replaces the schema in /openapi.json when the route validates in stages. */
  body?: JsonBodyRule & { documented?: z.ZodType };
  success: SuccessDeclaration;
  errors: ErrorDeclarations;
  /**
   * The legacy interface only: its answers use the legacy error body and codes, declared here (every
   * status it can send, app-wide ones included), and `errors` stays empty.
   */
  legacyErrors?: LegacyErrorDeclarations;
}

/** Keeps the literal types of a declaration (its error table is checked against error-codes.ts). */
export function defineOperation<const O extends Operation>(op: O): O {
  return op;
}

/** `/api/webhooks/{id}` → `/api/webhooks/:id` (hono's form). */
export function honoPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
