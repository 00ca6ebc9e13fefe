import type { ResolvedInvoice } from '@invoice/model';
import {
  computeUblAmounts,
  DECIMAL_RULES,
  decimalIssues,
  type En16931RuleId,
  en16931Issues,
  standardRateRoundingGaps,
} from '@invoice/ubl';

/**
 * How a UBL finding shows in the CII. CII requires a country in every postal address, so an address
 * without one is not written: the CEN CII rules then find the seller's (buyer's) address and its country
 * missing together (BR-08 and BR-09; BR-10 and BR-11), and a deliver-to address without a country is
 * left out, so nothing checks it (no BR-57).
 */
const IN_CII: Partial<Record<En16931RuleId, readonly En16931RuleId[]>> = {
  'BR-08': ['BR-08', 'BR-09'],
  'BR-09': ['BR-08', 'BR-09'],
  'BR-10': ['BR-10', 'BR-11'],
  'BR-11': ['BR-10', 'BR-11'],
  'BR-57': [],
  // The decimal rules differ by syntax: decimalIssues names the CII's own below.
  ...Object.fromEntries(DECIMAL_RULES.map((rule) => [rule, []])),
};

/**
 * The fatal EN 16931 findings the CII written for this request has (the X-EN16931-Issues header): the
 * UBL's, since both come from the same data gaps, as the CII shows them. Empty means the CII passes.
 */
export function ciiEn16931Issues(resolved: ResolvedInvoice): En16931RuleId[] {
  const amounts = computeUblAmounts(resolved);
  const issues = new Set<En16931RuleId>();
  for (const id of en16931Issues(resolved, amounts)) for (const mapped of IN_CII[id] ?? [id]) issues.add(mapped);
  // The CII BR-CO-17 allows a gap of exactly one unit (`<=`/`>=`), unlike its UBL twin and BR-S-09.
  if (issues.has('BR-CO-17') && !standardRateRoundingGaps(amounts).some((gap) => gap.gt(1))) issues.delete('BR-CO-17');
  for (const rule of decimalIssues(amounts, resolved.totals.currency, 'cii')) issues.add(rule);
  return [...issues];
}
