import { type CurrencyCode, minorUnits } from './model-imports.ts';
import type { UblAmounts } from './ubl-amounts.ts';

/**
 * EN 16931 allows at most 2 decimals in an amount (the BR-DEC rules, and UBL-DT-01 for every UBL amount), while
 * a document in a 3-decimal currency (KWD, BHD, OMR, JOD, TND, LYD, IQD) writes 3, as the JSON has them (decision
 * C-ISO). Every amount element it writes then fails its rule, whatever the value: which ones are written follows
 * from the amounts. The BR-DEC ids by the element they check (CEN Schematron 1.3.16):
 */
export const DECIMAL_RULES = [
  'UBL-DT-01', // any UBL amount; UBL only
  'BR-DEC-01', // document allowance amount (BT-92)
  'BR-DEC-05', // document charge amount (BT-99)
  'BR-DEC-09', // Σ line net (BT-106)
  'BR-DEC-10', // Σ allowances (BT-107)
  'BR-DEC-11', // Σ charges (BT-108)
  'BR-DEC-12', // total without VAT (BT-109)
  'BR-DEC-13', // total VAT (BT-110): CII only, read as a number (12.340 passes); the UBL rule's context never matches
  'BR-DEC-14', // total with VAT (BT-112)
  'BR-DEC-16', // paid amount (BT-113)
  'BR-DEC-17', // rounding amount (BT-114)
  'BR-DEC-18', // amount due (BT-115)
  'BR-DEC-19', // breakdown taxable amount (BT-116); in CII not checked on an O (outside the scope) breakdown
  'BR-DEC-20', // breakdown tax amount (BT-117); as BR-DEC-19
  'BR-DEC-23', // line net amount (BT-131)
  'BR-DEC-24', // line allowance amount (BT-136)
  'BR-DEC-25', // line allowance base amount (BT-137), written with a percentage
] as const;

export type DecimalRuleId = (typeof DECIMAL_RULES)[number];

/**
 * The decimal rules the document written from `amounts` fails: none when the currency has at most 2 minor
 * units. Both writers write every monetary total (zeros included) and at least one breakdown and line.
 */
export function decimalIssues(amounts: UblAmounts, currency: CurrencyCode, syntax: 'ubl' | 'cii'): DecimalRuleId[] {
  if (minorUnits(currency) <= 2) return [];
  const acs = amounts.allowanceCharges;
  const allowances = amounts.lines.flatMap((l) => (l.allowance ? [l.allowance] : []));
  const checkedBreakdowns = amounts.subtotals.filter((s) => syntax === 'ubl' || s.category.id !== 'O');
  const written: Record<DecimalRuleId, boolean> = {
    'UBL-DT-01': syntax === 'ubl',
    'BR-DEC-01': acs.some((ac) => !ac.charge),
    'BR-DEC-05': acs.some((ac) => ac.charge),
    'BR-DEC-09': true,
    'BR-DEC-10': true,
    'BR-DEC-11': true,
    'BR-DEC-12': true,
    'BR-DEC-13': syntax === 'cii' && !amounts.taxAmount.times(100).isInteger(),
    'BR-DEC-14': true,
    'BR-DEC-16': true,
    'BR-DEC-17': true,
    'BR-DEC-18': true,
    'BR-DEC-19': checkedBreakdowns.length > 0,
    'BR-DEC-20': checkedBreakdowns.length > 0,
    'BR-DEC-23': amounts.lines.length > 0,
    'BR-DEC-24': allowances.length > 0,
    'BR-DEC-25': allowances.some((a) => a.percent !== undefined),
  };
  return DECIMAL_RULES.filter((rule) => written[rule]);
}
