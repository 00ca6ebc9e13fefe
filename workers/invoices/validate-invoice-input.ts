import {
  InvoiceModelError,
  type InvoiceRequest,
  normaliseInvoiceInput,
  parseCanonicalInvoiceRequest,
} from '@invoice/model';
import type { Caller } from '../accounts/caller.ts';
import { ApiError } from '../http/api-error.ts';
import { assertAnonymousAllowed } from './anonymous-rules.ts';

/**
 * Parses and validates one invoice request without side effects (generate, each batch item, the validation
 * dry run). D3's anonymous refusal comes before the field rules, except for a dry run that produces nothing
 * (`anonymousRules: false`); the model words every issue (D4).
 */
export function validateInvoiceInput(
  body: unknown,
  caller: Caller,
  options: { anonymousRules: boolean } = { anonymousRules: true },
): InvoiceRequest {
  let input: unknown;
  try {
    input = normaliseInvoiceInput(body);
  } catch (err) {
    // A body past the normalisation work bounds (issue 10.10) is the client's mistake.
    if (err instanceof InvoiceModelError) throw ApiError.fromDetails(err.code, err.details);
    throw err;
  }
  if (caller.kind === 'anonymous' && options.anonymousRules) assertAnonymousAllowed(input);
  const parsed = parseCanonicalInvoiceRequest(input);
  if (!parsed.ok) throw ApiError.fromDetails(parsed.error.code, parsed.error.details);
  return parsed.value;
}
