// The error code unions, read off the generated operations: each error response of /openapi.json lists
// exactly the codes its route may send (an `enum` on `error.code`, or on `code` for the legacy body).
import type { operations } from './generated/openapi.ts';

type JsonBodyOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type ErrorBodiesOf<Op> = Op extends { responses: infer R }
  ? { [S in keyof R]: S extends 200 | 201 | 202 ? never : JsonBodyOf<R[S]> }[keyof R]
  : never;
type AllErrorBodies = { [K in keyof operations]: ErrorBodiesOf<operations[K]> }[keyof operations];

/** `{success: false, error: {code, message}}`: the code is an intersection of string and the listed enum. */
type CurrentCodeOf<B> = B extends { error: { code: infer C } } ? (C extends string ? C : never) : never;
/** `{success: false, error: <message>, code}` (the legacy render interface, D11). */
type LegacyCodeOf<B> = B extends { error: string; code: infer C } ? (C extends string ? C : never) : never;

/** Every code the invoice interface documents (`validation_error`, `monthly_limit_reached`, …). */
export type ApiErrorCode = CurrentCodeOf<AllErrorBodies>;
/** Every code the legacy render interface documents (`VALIDATION_ERROR`, `INSUFFICIENT_CREDITS`, …). */
export type LegacyErrorCode = LegacyCodeOf<AllErrorBodies>;
