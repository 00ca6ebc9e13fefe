import type Decimal from 'decimal.js';
import type { CurrencyCode } from './currencies.ts';
import type { InvoiceRequest } from './invoice-request-schema.ts';

export type InvoiceStatus = 'paid' | 'partial' | 'unpaid';

/** One tax component of one line after allocation (D1 step 6). */
export interface LineTax {
  name: string;
  rate: Decimal;
  /** This line's share of its group's once-rounded amount, in money. */
  amount: Decimal;
  /** Index into CalculatedInvoice.tax_lines. */
  group: number;
}

export interface CalculatedLine {
  description: string;
  quantity: Decimal;
  unit?: string;
  unit_price: Decimal;
  /** The discount value as given (a percentage or an amount), 0 when none. */
  discount: Decimal;
  discount_type: 'percent' | 'amount';
  /** The money the line discount takes off (unrounded: gross − line_total before rounding). */
  discount_amount: Decimal;
  tax_rate?: Decimal;
  /** quantity × unit_price, unrounded. */
  gross: Decimal;
  /** round(gross − line discount): excluding tax, or including it when tax_inclusive. */
  line_total: Decimal;
  /** This line's share of the global discount (D1 step 4), in money. */
  global_discount_share: Decimal;
  /** line_total − global_discount_share. */
  taxable_base: Decimal;
  taxes: LineTax[];
  /** Σ taxes.amount. */
  tax_amount: Decimal;
}

export interface TaxLine {
  name: string;
  rate: Decimal;
  /** Σ taxable bases of the group's lines (inclusive of tax when tax_inclusive). */
  taxable_base: Decimal;
  /** Rounded once per group. */
  amount: Decimal;
}

/** The D1 result with exact decimals: JSON, PDF and UBL are all written from this. */
export interface CalculatedInvoice {
  currency: CurrencyCode;
  tax_inclusive: boolean;
  lines: CalculatedLine[];
  subtotal: Decimal;
  discount_total: Decimal;
  shipping: Decimal;
  tax_lines: TaxLine[];
  total_tax: Decimal;
  pre_rounding: Decimal;
  rounding_adjustment: Decimal;
  grand_total: Decimal;
  deposit: Decimal;
  amount_paid: Decimal;
  balance_due: Decimal;
  status: InvoiceStatus;
}

/** Everything a renderer needs: the canonical request with number/date resolved, and its totals. */
export interface ResolvedInvoice {
  request: InvoiceRequest & { invoice: InvoiceRequest['invoice'] & { number: string; date: string } };
  totals: CalculatedInvoice;
}
