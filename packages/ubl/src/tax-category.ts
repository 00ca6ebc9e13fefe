import type Decimal from 'decimal.js';
import { type CalculatedInvoice, type CalculatedLine, money, ZERO } from './model-imports.ts';

/**
 * EN 16931 VAT category codes (UNCL5305) this writer uses; see docs/ubl.md "Tax categories".
 * S standard rated (a line with a positive rate), Z zero rated (an explicit 0 % and untaxed shipping),
 * E exempt (a line with no tax in an invoice that taxes other lines), O not subject to VAT (every line
 * of an invoice without any tax).
 */
type TaxCategoryId = 'S' | 'Z' | 'E' | 'O';

export interface UblTaxCategory {
  id: TaxCategoryId;
  /** Absent for O (BR-O-05 forbids a rate); 0 for Z and E. */
  percent?: Decimal;
  /** The D1 tax group names (joined by ` + `), on breakdown subtotals only. */
  name?: string;
  exemptionReasonCode?: string;
  exemptionReason?: string;
}

const EXEMPT_REASON = 'No tax is charged on this supply';
const NOT_SUBJECT_REASON_CODE = 'VATEX-EU-O';
const NOT_SUBJECT_REASON = 'Not subject to VAT';

/** Lines, allowances and charges with the same key belong to the same EN 16931 VAT breakdown (BR-S-08). */
export function categoryKey(c: UblTaxCategory): string {
  return `${c.id}|${c.percent === undefined ? '' : c.percent.toString()}`;
}

const zeroRated = (): UblTaxCategory => ({ id: 'Z', percent: ZERO });

/** Whether the invoice taxes anything at all: without any D1 tax group, everything is O. */
export function invoiceHasTax(totals: CalculatedInvoice): boolean {
  return totals.tax_lines.length > 0;
}

/**
 * A line's classified category. A multi-component line gets S with the sum of its component rates, since
 * EN 16931 allows one VAT rate per line (the breakdown subtotal at that rate names the components).
 */
export function lineTaxCategory(line: CalculatedLine, hasTax: boolean): UblTaxCategory {
  if (line.taxes.length === 0)
    return hasTax ? { id: 'E', percent: ZERO, exemptionReason: EXEMPT_REASON } : notSubjectToVat();
  const rate = line.taxes.reduce((sum, t) => sum.plus(t.rate), money(0));
  return rate.isZero() ? zeroRated() : { id: 'S', percent: rate };
}

/** Shipping is never taxed (D1 step 7): zero rated beside taxed lines, O in an invoice without tax (BR-O-11). */
export function shippingTaxCategory(hasTax: boolean): UblTaxCategory {
  return hasTax ? zeroRated() : notSubjectToVat();
}

function notSubjectToVat(): UblTaxCategory {
  return { id: 'O', exemptionReasonCode: NOT_SUBJECT_REASON_CODE, exemptionReason: NOT_SUBJECT_REASON };
}
