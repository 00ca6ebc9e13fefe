import type { IssueRule } from '../issue-rules.ts';
import { ALWAYS_BUILT_QR_TYPES, isBuiltQrType, type QrType } from '../payment-qr.ts';
import { referenceProblem } from './creditor-reference.ts';
import { EPC_MAX_NAME, EPC_MAX_REMITTANCE, utf8Length } from './epc-qr.ts';
import { sepaIbanProblem } from './iban.ts';
import { PIX_KEY_MAX, PIX_KEY_PATTERN } from './pix-qr.ts';
import { compactQrReference, isQrIban, looksLikeQrReference, qrReferenceProblem } from './qr-reference.ts';
import { swissQrIssues } from './swiss-qr-request.ts';
import { UPI_ID_PATTERN } from './upi-qr.ts';
import { SAUDI_VAT_PATTERN, ZATCA_MAX_FIELD_BYTES } from './zatca-qr.ts';

/**
 * The request-level rules of the payment codes the service builds (issue 23): every field a code
 * needs, in the form its standard wants, and the one currency it can carry. Amount rules (balance
 * within the standard's range) need the totals and live in build-payment-code.ts.
 */

interface PaymentCodeIssue {
  path: (string | number)[];
  rule: IssueRule;
  message: string;
}

interface Party {
  name: string;
  street?: string;
  postal_code?: string;
  city?: string;
  country?: string;
  tax_id?: string;
}

interface PaymentCodeRequest {
  from: Party;
  to: Party;
  invoice: { currency: string; number?: string; type?: string };
  payment?: {
    account_name?: string;
    iban?: string;
    swift?: string;
    reference?: string;
    upi_id?: string;
    pix_key?: string;
    qr?: { type: QrType; value?: string };
  };
  features?: { qr?: boolean };
}

/** The one currency each built code carries: its standard has no other (EPC: euro; UPI: rupee; PIX: real). */
const QR_CURRENCY: Record<'sepa' | 'upi' | 'pix' | 'zatca', string> = {
  sepa: 'EUR',
  upi: 'INR',
  pix: 'BRL',
  // Phase 1 amounts carry no currency: ZATCA reads them as riyals.
  zatca: 'SAR',
};

const BIC_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

const blank = (s: string | undefined): s is undefined => s === undefined || s.trim() === '';

/** Checks of the new payment fields that hold whether or not a code is built from them. */
function fieldIssues(p: NonNullable<PaymentCodeRequest['payment']>): PaymentCodeIssue[] {
  const out: PaymentCodeIssue[] = [];
  // a swiss code checks its reference against its IBAN (swiss-qr-request.ts), with its own messages
  if (p.reference !== undefined && p.qr?.type !== 'swiss') out.push(...referenceIssues(p.reference, p.iban));
  if (p.upi_id !== undefined && !UPI_ID_PATTERN.test(p.upi_id.trim()))
    out.push({ path: ['payment', 'upi_id'], rule: 'format', message: 'must be a UPI ID (VPA) such as shop@okbank' });
  if (p.pix_key !== undefined && (p.pix_key.trim().length > PIX_KEY_MAX || !PIX_KEY_PATTERN.test(p.pix_key.trim())))
    out.push({
      path: ['payment', 'pix_key'],
      rule: 'format',
      message:
        'must be a PIX key: a CPF (11 digits), a CNPJ (14 digits), an e-mail, a phone number +55… or a random key (UUID)',
    });
  return out;
}

/**
 * ISO 11649, or (issue 23, swiss) a Swiss QR reference: that one means something only with a QR-IBAN,
 * so it is accepted only beside one (and only a swiss code carries it: sepaIssues).
 */
function referenceIssues(reference: string, iban: string | undefined): PaymentCodeIssue[] {
  const at = ['payment', 'reference'];
  if (!looksLikeQrReference(reference)) {
    const problem = referenceProblem(reference);
    return problem ? [{ path: at, rule: 'format', message: problem }] : [];
  }
  if (!isQrIban(compactQrReference(iban ?? '')))
    return [
      { path: at, rule: 'conflict', message: 'a Swiss QR reference (27 digits) needs a QR-IBAN in payment.iban' },
    ];
  const problem = qrReferenceProblem(reference);
  return problem ? [{ path: at, rule: 'format', message: problem }] : [];
}

function sepaIssues(req: PaymentCodeRequest): PaymentCodeIssue[] {
  const p = req.payment ?? {};
  const out: PaymentCodeIssue[] = [];
  if (blank(p.iban)) out.push({ path: ['payment', 'iban'], rule: 'required', message: 'is required for a sepa QR' });
  else {
    const problem = sepaIbanProblem(p.iban);
    if (problem) out.push({ path: ['payment', 'iban'], rule: 'format', message: problem });
  }
  if (!blank(p.reference) && looksLikeQrReference(p.reference))
    out.push({
      path: ['payment', 'reference'],
      rule: 'conflict',
      message: 'a sepa QR carries an ISO 11649 (RF) reference only; a QR reference belongs in a swiss QR',
    });
  if (!blank(p.swift) && !BIC_PATTERN.test(p.swift.replace(/\s+/g, '').toUpperCase()))
    out.push({ path: ['payment', 'swift'], rule: 'format', message: 'must be a BIC of 8 or 11 letters and digits' });
  const nameField = blank(p.account_name) ? 'from' : 'payment';
  const name = (blank(p.account_name) ? req.from.name : p.account_name).trim();
  if (name.length > EPC_MAX_NAME)
    out.push({
      path: nameField === 'payment' ? ['payment', 'account_name'] : ['from', 'name'],
      rule: 'max_length',
      message: `must be at most ${EPC_MAX_NAME} characters for a sepa QR (EPC069-12 beneficiary)${nameField === 'from' ? '; give payment.account_name' : ''}`,
    });
  if (blank(p.reference) && (req.invoice.number?.trim().length ?? 0) > EPC_MAX_REMITTANCE)
    out.push({
      path: ['invoice', 'number'],
      rule: 'max_length',
      message: `must be at most ${EPC_MAX_REMITTANCE} characters for a sepa QR's remittance (or give payment.reference)`,
    });
  return out;
}

function builtIssues(req: PaymentCodeRequest, type: 'sepa' | 'upi' | 'pix' | 'zatca' | 'swiss'): PaymentCodeIssue[] {
  if (type === 'swiss') return swissQrIssues(req);
  const p = req.payment ?? {};
  const out: PaymentCodeIssue[] = [];
  const currency = QR_CURRENCY[type];
  if (req.invoice.currency !== currency)
    out.push({
      path: ['payment', 'qr'],
      rule: 'conflict',
      message: `type ${type} needs invoice.currency ${currency}, not ${req.invoice.currency}`,
    });
  if (type !== 'zatca' && req.invoice.type === 'credit_note')
    out.push({
      path: ['payment', 'qr'],
      rule: 'conflict',
      message: `type ${type} asks the buyer to pay; a credit note owes them instead (give value to draw your own code)`,
    });
  const need = (path: [string, string], present: boolean) => {
    if (!present) out.push({ path, rule: 'required', message: `is required for a ${type} QR` });
  };
  switch (type) {
    case 'sepa':
      out.push(...sepaIssues(req));
      break;
    case 'upi':
      need(['payment', 'upi_id'], !blank(p.upi_id));
      break;
    case 'pix':
      need(['payment', 'pix_key'], !blank(p.pix_key));
      // the BR Code's field 60 (merchant city) is mandatory
      need(['from', 'city'], !blank(req.from.city));
      break;
    case 'zatca': {
      const vat = req.from.tax_id?.trim();
      if (blank(vat)) need(['from', 'tax_id'], false);
      else if (!SAUDI_VAT_PATTERN.test(vat))
        out.push({
          path: ['from', 'tax_id'],
          rule: 'format',
          message: 'must be a Saudi VAT registration number for a zatca QR: 15 digits, the first and the last a 3',
        });
      if (utf8Length(req.from.name.trim()) > ZATCA_MAX_FIELD_BYTES)
        out.push({
          path: ['from', 'name'],
          rule: 'max_length',
          message: `must be at most ${ZATCA_MAX_FIELD_BYTES} bytes of UTF-8 for a zatca QR (one TLV length byte)`,
        });
      break;
    }
  }
  return out;
}

export function paymentCodeIssues(req: PaymentCodeRequest): PaymentCodeIssue[] {
  const p = req.payment;
  if (!p) return [];
  const out = fieldIssues(p);
  const qr = p.qr;
  if (!qr) return out;
  // Q11: a Saudi simplified tax invoice must carry ZATCA's QR; switching QR codes off would drop it unseen
  if (qr.type === 'zatca' && req.features?.qr === false)
    out.push({
      path: ['features', 'qr'],
      rule: 'conflict',
      message: 'cannot be false beside payment.qr type zatca: a Saudi simplified tax invoice must carry its QR code',
    });
  if (qr.value !== undefined) {
    if (ALWAYS_BUILT_QR_TYPES.includes(qr.type))
      out.push({
        path: ['payment', 'qr', 'value'],
        rule: 'conflict',
        message: `cannot be given for type ${qr.type}: the service builds it from the invoice`,
      });
    return out;
  }
  if (!isBuiltQrType(qr.type)) {
    out.push({
      path: ['payment', 'qr', 'value'],
      rule: 'required',
      message: `is required for type ${qr.type} (only sepa, upi, pix, zatca and swiss are built from the invoice)`,
    });
    return out;
  }
  return [...out, ...builtIssues(req, qr.type)];
}
