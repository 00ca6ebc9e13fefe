import type { z } from 'zod';
import { minorUnits } from './currencies.ts';
import { InvoiceValidationError } from './invoice-errors.ts';
import { type InvoiceRequest, InvoiceRequestSchema } from './invoice-request-schema.ts';
import { formatIssuePath, issueMessages, issueText, joinIssueTexts } from './issue-messages.ts';
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

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = root;
  for (const seg of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[seg as string];
  }
  return v;
}

function codeOf(issue: z.core.$ZodIssue, input: unknown): RequestErrorCode {
  const specific = ENUM_CODES[formatIssuePath(issue.path)];
  if (specific && issue.code === 'invalid_value' && valueAt(input, issue.path) !== undefined) return specific;
  return 'validation_error';
}

/** The same (name, rate) twice in one list would be one tax group counted twice: refused, naming the duplicate. */
function duplicateComponentIssues(req: InvoiceRequest): string[] {
  const issues: string[] = [];
  const check = (list: readonly { name?: string; rate: number }[] | undefined, path: string) => {
    const seen = new Map<string, number>();
    list?.forEach((c, k) => {
      const key = `${c.name ?? ''}\u0000${c.rate}`;
      const first = seen.get(key);
      if (first !== undefined) issues.push(`${path}[${k}]: duplicates ${path}[${first}] (same name and rate)`);
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
function amountRuleIssues(req: InvoiceRequest): string[] {
  const mu = minorUnits(req.invoice.currency);
  const issues: string[] = [];
  const needSubtotal = req.global_discount !== undefined && req.global_discount_type === 'amount';
  let subtotalMinor = 0n;
  req.items.forEach((item, i) => {
    if (!needSubtotal && (item.discount_type !== 'amount' || !item.discount)) return;
    try {
      subtotalMinor += computeLineAmounts(item, i, mu).line_total_minor;
    } catch (e) {
      if (e instanceof InvoiceValidationError) issues.push(e.message);
      else throw e;
    }
  });
  if (needSubtotal && issues.length === 0) {
    try {
      computeGlobalDiscountMinor(req, subtotalMinor, mu);
    } catch (e) {
      if (e instanceof InvoiceValidationError) issues.push(e.message);
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
    if (e instanceof InvoiceValidationError)
      return { ok: false, error: { code: 'validation_error', message: e.message } };
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
    return { ok: false, error: { code: 'validation_error', message: 'body: must be a JSON object' } };
  const parsed = InvoiceRequestSchema.safeParse(input, { error: issueMessages });
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({
      code: codeOf(issue, input),
      text: issueText(issue),
    }));
    // A dedicated enum code wins over validation_error, and its issue is named first.
    const specific = issues.filter((i) => i.code !== 'validation_error');
    const ordered = [...specific, ...issues.filter((i) => i.code === 'validation_error')];
    return {
      ok: false,
      error: { code: specific[0]?.code ?? 'validation_error', message: joinIssueTexts(ordered.map((i) => i.text)) },
    };
  }
  const amountIssues = [...duplicateComponentIssues(parsed.data), ...amountRuleIssues(parsed.data)];
  if (amountIssues.length > 0)
    return { ok: false, error: { code: 'validation_error', message: joinIssueTexts(amountIssues) } };
  return { ok: true, value: parsed.data };
}
