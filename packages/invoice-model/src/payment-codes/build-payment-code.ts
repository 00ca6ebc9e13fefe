import type Decimal from 'decimal.js';
import type { ResolvedInvoice } from '../calculated-invoice.ts';
import { InvoiceValidationError } from '../invoice-errors.ts';
import { moneyToString } from '../money.ts';
import { AMOUNT_QR_TYPES, type BuiltQrType, isBuiltQrType, type QrType } from '../payment-qr.ts';
import { compactReference } from './creditor-reference.ts';
import { buildEpcPayload, EPC_MAX_BYTES, utf8Length } from './epc-qr.ts';
import { compactIban } from './iban.ts';
import { buildPixPayload, pixTxid } from './pix-qr.ts';
import { buildSwissQrPayload, SWISS_MAX_CHARS, type SwissQrFields, swissAmountProblem } from './swiss-qr.ts';
import { swissQrFields } from './swiss-qr-request.ts';
import { buildUpiPayload } from './upi-qr.ts';
import { buildZatcaPayload } from './zatca-qr.ts';

/**
 * The payment QR of a resolved invoice (issue 23): the client's own `payment.qr.value`, or the
 * payload the service builds for sepa, upi, pix, zatca and swiss, with what a person needs to pay by hand.
 */

/** What the PDF prints beside a built code; every value as it is in the payload. */
export interface ManualPayment {
  payee: string;
  /** The amount the code carries: the balance due (zatca: the total with VAT). */
  amount: Decimal;
  currency: string;
  iban?: string;
  bic?: string;
  /** The creditor reference, or the invoice number the remittance names. */
  reference: string;
  upiId?: string;
  pixKey?: string;
  /** zatca: the seller's VAT number and the VAT total. */
  vatNumber?: string;
  vatTotal?: Decimal;
}

export interface PaymentCode {
  type: QrType;
  /** The exact text the QR encodes. */
  payload: string;
  /** Present when the service built the payload (no `value` in the request). */
  manual?: ManualPayment;
  /** swiss: the fields the QR-bill's payment part and receipt print, as the payload carries them. */
  swiss?: SwissQrFields;
}

/** EPC069-12: the amount field runs from 0.01 to 999999999.99 euros. */
const EPC_MAX_AMOUNT = 999_999_999.99;

/**
 * ZATCA's time stamp from the invoice date: the request carries a date and no time, and the PDF must
 * stay byte-identical for the same request (D14), so the clock never enters. Midnight UTC is 03:00 in
 * Riyadh: the same calendar day there.
 */
function zatcaTimestamp(date: string): string {
  return `${date}T00:00:00Z`;
}

function built(resolved: ResolvedInvoice, type: BuiltQrType): PaymentCode {
  const { request: req, totals: t } = resolved;
  const p = req.payment ?? {};
  const number = req.invoice.number;
  const due = moneyToString(t.balance_due, t.currency);
  switch (type) {
    case 'sepa': {
      if (t.balance_due.gt(EPC_MAX_AMOUNT))
        throw new InvoiceValidationError(['payment', 'qr'], 'maximum', 'type sepa carries at most EUR 999999999.99');
      const iban = compactIban(p.iban ?? '');
      const bic = p.swift?.trim() ? p.swift.replace(/\s+/g, '').toUpperCase() : undefined;
      const reference = p.reference?.trim() ? compactReference(p.reference) : undefined;
      const payee = (p.account_name?.trim() || req.from.name).trim();
      const payload = buildEpcPayload({ bic, name: payee, iban, amount: due, reference, remittance: number });
      const bytes = utf8Length(payload);
      if (bytes > EPC_MAX_BYTES)
        throw new InvoiceValidationError(
          ['payment', 'qr'],
          'payload',
          `the EPC069-12 payload would be ${bytes} bytes; at most ${EPC_MAX_BYTES} (shorten payment.account_name or invoice.number)`,
        );
      const manual = { payee, amount: t.balance_due, currency: 'EUR', iban, bic, reference: reference ?? number };
      return { type, payload, manual };
    }
    case 'upi': {
      const payee = (p.account_name?.trim() || req.from.name).trim();
      const upiId = (p.upi_id ?? '').trim();
      const payload = buildUpiPayload({ upiId, payee, amount: due, note: number });
      return { type, payload, manual: { payee, amount: t.balance_due, currency: 'INR', upiId, reference: number } };
    }
    case 'pix': {
      // field 54 holds at most 13 characters
      if (due.length > 13)
        throw new InvoiceValidationError(
          ['payment', 'qr'],
          'maximum',
          'type pix carries at most 13 characters of amount',
        );
      const payee = (p.account_name?.trim() || req.from.name).trim();
      const pixKey = (p.pix_key ?? '').trim();
      const txid = pixTxid(number);
      const payload = buildPixPayload({
        key: pixKey,
        merchantName: payee,
        merchantCity: req.from.city ?? '',
        amount: due,
        txid,
      });
      return { type, payload, manual: { payee, amount: t.balance_due, currency: 'BRL', pixKey, reference: txid } };
    }
    case 'swiss': {
      const problem = swissAmountProblem(t.balance_due);
      if (problem) throw new InvoiceValidationError(['payment', 'qr'], 'maximum', problem);
      const swiss = swissQrFields(req, due);
      const payload = buildSwissQrPayload(swiss);
      // every field is bounded (swiss-qr-request.ts), so this holds; checked rather than assumed
      if ([...payload].length > SWISS_MAX_CHARS)
        throw new InvoiceValidationError(
          ['payment', 'qr'],
          'payload',
          `the Swiss QR payload exceeds ${SWISS_MAX_CHARS} characters`,
        );
      const manual = {
        payee: swiss.creditor.name,
        amount: t.balance_due,
        currency: swiss.currency,
        iban: swiss.iban,
        reference: swiss.reference ?? number,
      };
      return { type, payload, manual, swiss };
    }
    case 'zatca': {
      const vatNumber = (req.from.tax_id ?? '').trim();
      const sellerName = req.from.name.trim();
      const payload = buildZatcaPayload({
        sellerName,
        vatNumber,
        timestamp: zatcaTimestamp(req.invoice.date),
        total: moneyToString(t.grand_total, t.currency),
        vatTotal: moneyToString(t.total_tax, t.currency),
      });
      const manual = {
        payee: sellerName,
        amount: t.grand_total,
        currency: t.currency,
        reference: number,
        vatNumber,
        vatTotal: t.total_tax,
      };
      return { type, payload, manual };
    }
  }
}

/**
 * The payment QR to draw, or undefined when there is none: no `payment.qr`, or a code that asks for
 * money on an invoice with nothing left to pay (balance 0, or `payment.status` paid: a paid invoice
 * carries no payment QR).
 * Throws InvoiceValidationError (400) when the balance does not fit the standard.
 */
export function paymentCodeOf(resolved: ResolvedInvoice): PaymentCode | undefined {
  const qr = resolved.request.payment?.qr;
  if (!qr) return undefined;
  // a document stamped PAID (D2, also when the client says so) never asks for money either
  const settled = resolved.totals.balance_due.isZero() || resolved.totals.status === 'paid';
  if (AMOUNT_QR_TYPES.includes(qr.type) && settled) return undefined;
  if (qr.value !== undefined) return { type: qr.type, payload: qr.value };
  if (!isBuiltQrType(qr.type)) return undefined; // refused by the schema already (value required)
  return built(resolved, qr.type);
}
