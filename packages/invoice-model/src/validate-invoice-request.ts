import { minorUnits } from './currencies.ts';
import { InvoiceValidationError } from './invoice-errors.ts';
import { type InvoiceRequest, InvoiceRequestSchema } from './invoice-request-schema.ts';
import { detailsMessage, type IssueDetail, issueDetail, MAX_DETAILS, zodIssueDetails } from './issue-details.ts';
import { issueMessages } from './issue-messages.ts';
import { computeGlobalDiscountMinor, computeLineAmounts } from './line-amounts.ts';
import { isPlainObject, normaliseInvoiceInput } from './normalise-input.ts';

export type RequestErrorCode =
  | 'validation_error'
  | 'invalid_currency'
  | 'invalid_language'
  | 'invalid_template'
  | 'invalid_output'
  | 'invalid_qr_type';

export interface RequestError {
  code: RequestErrorCode;
  message: string;
  /** Every problem (at most MAX_DETAILS), the one the code names first. */
  details: IssueDetail[];
}

export type ParseInvoiceResult = { ok: true; value: InvoiceRequest } | { ok: false; error: RequestError };

/** Enum fields whose out-of-set value has its own code (spec, Errors). */
const ENUM_CODES: Readonly<Record<string, RequestErrorCode>> = {
  'invoice.currency': 'invalid_currency',
  'invoice.language': 'invalid_language',
  template: 'invalid_template',
  output: 'invalid_output',
  'payment.qr.type': 'invalid_qr_type',
};

/** The code of one detail: an enum field's own code for a value outside its set, else validation_error. */
function codeOf(detail: IssueDetail): RequestErrorCode {
  return (detail.rule === 'enum' && ENUM_CODES[detail.path]) || 'validation_error';
}

/** A refusal made of details; a dedicated enum code wins over validation_error, and its issue is named first. */
export function requestError(details: readonly IssueDetail[]): RequestError {
  const specific = details.filter((d) => codeOf(d) !== 'validation_error');
  const ordered = [...specific, ...details.filter((d) => codeOf(d) === 'validation_error')];
  return {
    code: specific[0] ? codeOf(specific[0]) : 'validation_error',
    message: detailsMessage(ordered),
    details: ordered.slice(0, MAX_DETAILS),
  };
}

/** The same (name, rate) twice in one list would be one tax group counted twice: refused, naming the duplicate. */
function duplicateComponentIssues(req: InvoiceRequest): IssueDetail[] {
  const issues: IssueDetail[] = [];
  const check = (list: readonly { name?: string; rate: number }[] | undefined, path: string) => {
    const seen = new Map<string, number>();
    list?.forEach((c, k) => {
      const key = `${c.name ?? ''}\u0000${c.rate}`;
      const first = seen.get(key);
      if (first !== undefined)
        issues.push(issueDetail(`${path}[${k}]`, 'duplicate', `duplicates ${path}[${first}] (same name and rate)`));
      else seen.set(key, k);
    });
  };
  req.items.forEach((item, i) => check(item.taxes, `items[${i}].taxes`));
  check(req.global_taxes, 'global_taxes');
  return issues;
}

/**
 * D1 input rules that need amounts: an amount discount above its line gross, a global amount discount
 * above the subtotal. Only lines and invoices that use amount discounts pay for the arithmetic.
 */
function amountRuleIssues(req: InvoiceRequest): IssueDetail[] {
  const mu = minorUnits(req.invoice.currency);
  const issues: IssueDetail[] = [];
  const needSubtotal = req.global_discount !== undefined && req.global_discount_type === 'amount';
  let subtotalMinor = 0n;
  req.items.forEach((item, i) => {
    if (!needSubtotal && (item.discount_type !== 'amount' || !item.discount)) return;
    try {
      subtotalMinor += computeLineAmounts(item, i, mu).line_total_minor;
    } catch (e) {
      if (e instanceof InvoiceValidationError) issues.push(...e.details);
      else throw e;
    }
  });
  if (needSubtotal && issues.length === 0) {
    try {
      computeGlobalDiscountMinor(req, subtotalMinor, mu);
    } catch (e) {
      if (e instanceof InvoiceValidationError) issues.push(...e.details);
      else throw e;
    }
  }
  return issues;
}

/**
 * Normalises (camelCase, flat layer) and validates a request body against the canonical schema.
 * Never throws for client input: every failure is a `{code, message}` naming the field and the rule.
 */
export function parseInvoiceRequest(raw: unknown): ParseInvoiceResult {
  let input: unknown;
  try {
    input = normaliseInvoiceInput(raw);
  } catch (e) {
    if (e instanceof InvoiceValidationError) return { ok: false, error: requestError(e.details) };
    throw e;
  }
  return parseCanonicalInvoiceRequest(input);
}

/**
 * The validation half of parseInvoiceRequest, for callers that already hold the normalised form
 * (the Worker normalises once, to apply D3's anonymous rules before the field rules).
 */
export function parseCanonicalInvoiceRequest(input: unknown): ParseInvoiceResult {
  if (!isPlainObject(input))
    return { ok: false, error: requestError([issueDetail('body', 'type', 'must be a JSON object')]) };
  const parsed = InvoiceRequestSchema.safeParse(input, { error: issueMessages });
  if (!parsed.success)
    return { ok: false, error: requestError(zodIssueDetails(parsed.error.issues, InvoiceRequestSchema, input)) };
  const amountIssues = [...duplicateComponentIssues(parsed.data), ...amountRuleIssues(parsed.data)];
  if (amountIssues.length > 0) return { ok: false, error: requestError(amountIssues) };
  return { ok: true, value: parsed.data };
}
