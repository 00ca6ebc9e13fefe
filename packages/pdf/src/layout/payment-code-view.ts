import type { Labels } from '@invoice/i18n';
import { groupInFours, type ManualPayment } from '@invoice/model';
import type Decimal from 'decimal.js';

/**
 * What a person needs to pay without scanning (issue 23), printed beside a payment code the service
 * built: the same beneficiary, account, reference and amount the payload carries, in the invoice's
 * language. IBAN and creditor reference in groups of four, as on a bank form; the amount formatted
 * like every other amount of the invoice. A client's own payload gets nothing: its content is unknown.
 */
export function manualPaymentFields(
  type: string,
  manual: ManualPayment | undefined,
  l: Labels,
  money: (v: Decimal) => string,
): { label: string; value: string; whole: boolean }[] {
  if (!manual) return [];
  const reference = /^RF\d/.test(manual.reference) ? groupInFours(manual.reference) : manual.reference;
  const rows: [string, string | undefined][] =
    type === 'zatca'
      ? [
          [l.taxId, manual.vatNumber],
          [l.total, money(manual.amount)],
          [l.tax, manual.vatTotal && money(manual.vatTotal)],
        ]
      : [
          [l.payTo, manual.payee],
          [l.iban, manual.iban && groupInFours(manual.iban)],
          [l.swift, manual.bic],
          [l.upiId, manual.upiId],
          [l.pixKey, manual.pixKey],
          [l.reference, reference],
          [l.amount, money(manual.amount)],
        ];
  // every value here is an identifier or an amount: none is wrapped inside (issue 27)
  return rows.filter((r): r is [string, string] => !!r[1]).map(([label, value]) => ({ label, value, whole: true }));
}
