/**
 * Errors the model raises after schema validation. Both map to HTTP 400 with `{code, message}`:
 * a client mistake is never a 500 (D4).
 */
export type InvoiceErrorCode = 'validation_error' | 'calculation_error';

export class InvoiceModelError extends Error {
  readonly code: InvoiceErrorCode;
  constructor(code: InvoiceErrorCode, message: string) {
    super(message);
    this.code = code;
    this.name = 'InvoiceModelError';
  }
}

/** A rule that needs computed amounts (an amount discount above its base, a due date before the resolved date). */
export class InvoiceValidationError extends InvoiceModelError {
  constructor(message: string) {
    super('validation_error', message);
    this.name = 'InvoiceValidationError';
  }
}

/** Totals cannot be computed, e.g. they exceed what a JSON number carries exactly. */
export class CalculationError extends InvoiceModelError {
  constructor(message: string) {
    super('calculation_error', message);
    this.name = 'CalculationError';
  }
}
