import { detailsMessage, type IssueDetail, issueDetail } from './issue-details.ts';
import type { IssueRule } from './issue-rules.ts';

/**
 * Errors the model raises outside schema validation. Both map to HTTP 400 with `{code, message, details}`:
 * a client mistake is never a 500 (D4).
 */
export type InvoiceErrorCode = 'validation_error' | 'calculation_error';

export class InvoiceModelError extends Error {
  readonly code: InvoiceErrorCode;
  /** The field, rule and problem the message is made of. */
  readonly details: readonly IssueDetail[];
  constructor(code: InvoiceErrorCode, detail: IssueDetail) {
    super(detailsMessage([detail]));
    this.code = code;
    this.details = [detail];
    this.name = 'InvoiceModelError';
  }
}

/** A rule that needs computed amounts (an amount discount above its base, a due date before the resolved date). */
export class InvoiceValidationError extends InvoiceModelError {
  constructor(path: readonly PropertyKey[] | string, rule: IssueRule, message: string) {
    super('validation_error', issueDetail(path, rule, message));
    this.name = 'InvoiceValidationError';
  }
}

/** Totals cannot be computed, e.g. they exceed what a JSON number carries exactly. */
export class CalculationError extends InvoiceModelError {
  constructor(path: readonly PropertyKey[] | string, rule: IssueRule, message: string) {
    super('calculation_error', issueDetail(path, rule, message));
    this.name = 'CalculationError';
  }
}
