import Decimal from 'decimal.js';
import { taxSchemeFor } from './build-party.ts';
import { type DecimalRuleId, decimalIssues } from './decimal-issues.ts';
import { HUNDRED, type ResolvedInvoice } from './model-imports.ts';
import { invoiceHasTax } from './tax-category.ts';
import { ublAddress } from './ubl-address.ts';
import { computeUblAmounts, type UblAmounts } from './ubl-amounts.ts';
import { present } from './xml-writer.ts';

/**
 * The EN 16931 rules (CEN Schematron ids) this writer can fail, each with the request field that fixes it
 * (docs/ubl.md). All but BR-S-09 depend on data only the client has; the writer never invents it.
 */
export const EN16931_RULE_FIXES = {
  'BR-08': 'from.country (or any from address field)',
  'BR-09': 'from.country',
  'BR-10': 'to.country (or any to address field)',
  'BR-11': 'to.country',
  'BR-57': 'ship_to.country',
  'BR-CO-26': 'from.registration_no, or a VAT number with a country prefix as from.tax_id',
  'BR-S-02': 'from.tax_id',
  'BR-S-03': 'from.tax_id',
  'BR-Z-02': 'from.tax_id',
  'BR-Z-03': 'from.tax_id',
  'BR-Z-04': 'from.tax_id',
  'BR-E-02': 'from.tax_id',
  'BR-E-03': 'from.tax_id',
  'BR-S-09': 'none: the rounding of several tax components at one rate (JPY, KRW)',
  'BR-CO-17': 'none: as BR-S-09',
} as const;

/** The rules above, and the decimal rules a 3-decimal currency fails (decimal-issues.ts; fixed by invoice.currency). */
export type En16931RuleId = keyof typeof EN16931_RULE_FIXES | DecimalRuleId;

/**
 * For each standard-rated (S) tax subtotal: |tax − round(taxable × rate / 100, 2)|, the gap the CEN rules
 * BR-S-09 and BR-CO-17 measure. Non-zero only when several tax components at one rate round separately
 * in a currency without cents (JPY, KRW). Where the limit lies differs by rule and syntax: see its callers.
 */
export function standardRateRoundingGaps(amounts: UblAmounts): Decimal[] {
  return amounts.subtotals
    .filter((s) => s.category.id === 'S')
    .map((s) =>
      s.amount
        .minus(s.taxable.times(s.category.percent!).dividedBy(HUNDRED).toDecimalPlaces(2, Decimal.ROUND_HALF_UP))
        .abs(),
    );
}

/**
 * The fatal EN 16931 findings the document written for this request has, in the order of
 * EN16931_RULE_FIXES: an empty list means the UBL passes the CEN rules. Mirrors what the writer writes:
 * a party without any address field has no PostalAddress (BR-08/BR-10), with one but no country it
 * fails BR-09/BR-11; a seller tax id counts for the category rules in either scheme, but only a VAT one
 * identifies the seller for BR-CO-26.
 */
export function en16931Issues(
  resolved: ResolvedInvoice,
  amounts: UblAmounts = computeUblAmounts(resolved),
): En16931RuleId[] {
  const { request: req, totals } = resolved;
  const issues: En16931RuleId[] = [];
  const seller = ublAddress(req.from);
  const buyer = ublAddress(req.to);
  const deliverTo = req.ship_to && ublAddress(req.ship_to);
  if (!seller) issues.push('BR-08');
  else if (!seller.countryCode) issues.push('BR-09');
  if (!buyer) issues.push('BR-10');
  else if (!buyer.countryCode) issues.push('BR-11');
  if (deliverTo && !deliverTo.countryCode) issues.push('BR-57');

  const taxId = req.from.tax_id;
  if (!(present(taxId) && taxSchemeFor(taxId, invoiceHasTax(totals)) === 'VAT') && !present(req.from.registration_no))
    issues.push('BR-CO-26');
  if (!present(taxId)) {
    const used = (id: string, kind: 'line' | 'allowance' | 'charge') =>
      kind === 'line'
        ? amounts.lines.some((l) => l.category.id === id)
        : amounts.allowanceCharges.some((ac) => ac.charge === (kind === 'charge') && ac.category.id === id);
    const categoryRules: [En16931RuleId, string, 'line' | 'allowance' | 'charge'][] = [
      ['BR-S-02', 'S', 'line'],
      ['BR-S-03', 'S', 'allowance'],
      ['BR-Z-02', 'Z', 'line'],
      ['BR-Z-03', 'Z', 'allowance'],
      ['BR-Z-04', 'Z', 'charge'],
      ['BR-E-02', 'E', 'line'],
      ['BR-E-03', 'E', 'allowance'],
    ];
    for (const [rule, id, kind] of categoryRules) if (used(id, kind)) issues.push(rule);
  }
  // The UBL rules test both strictly (`tax − 1 < expected < tax + 1`): a gap of one whole unit fails.
  if (standardRateRoundingGaps(amounts).some((gap) => gap.gte(1))) issues.push('BR-S-09', 'BR-CO-17');
  issues.push(...decimalIssues(amounts, totals.currency, 'ubl'));
  return issues;
}
