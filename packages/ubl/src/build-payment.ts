import type { InvoiceRequest, Payment } from './model-imports.ts';
import { present, type XmlWriter } from './xml-writer.ts';

const SEPA_CREDIT_TRANSFER = '58'; // UNCL4461 "SEPA credit transfer": an IBAN is given
const CREDIT_TRANSFER = '30'; // UNCL4461 "Credit transfer": a local account number only
const INSTRUMENT_NOT_DEFINED = '1'; // UNCL4461 "Instrument not defined": notes only

export function accountId(p: Payment): string | undefined {
  return present(p.iban) ? p.iban : present(p.account_number) ? p.account_number : undefined;
}

function hasPaymentMeans(p: Payment | undefined): p is Payment {
  if (!p) return false;
  return [
    p.iban,
    p.account_number,
    p.account_name,
    p.bank_name,
    p.swift,
    p.routing_number,
    p.instructions,
    p.method_note,
  ].some(present);
}

/**
 * The payment means code (BT-81) derived from the payment block, the one decision for UBL and CII:
 * 58 with an IBAN, 30 with an account number only, else 1; undefined when there is nothing to pay by.
 */
export function paymentMeansCode(p: Payment | undefined): string | undefined {
  if (!hasPaymentMeans(p)) return undefined;
  if (present(p.iban)) return SEPA_CREDIT_TRANSFER;
  return present(p.account_number) ? CREDIT_TRANSFER : INSTRUMENT_NOT_DEFINED;
}

/** cac:PayeeParty from payment.pay_to (BT-59). */
export function buildPayeeParty(w: XmlWriter, payment: Payment | undefined): void {
  if (!payment || !present(payment.pay_to)) return;
  w.open('cac:PayeeParty').open('cac:PartyName').leaf('cbc:Name', payment.pay_to).close().close();
}

/**
 * cac:PaymentMeans (BG-16): a (SEPA) credit transfer to the payee's account when an IBAN or account number
 * is given (BR-50 needs the account id), otherwise "instrument not defined" carrying the notes. The invoice
 * number is the remittance information (BT-83). A credit note's due date (BT-9) is `cbc:PaymentDueDate`
 * here, so a due date alone writes the element with code 1.
 */
export function buildPaymentMeans(
  w: XmlWriter,
  req: InvoiceRequest & { invoice: { number: string } },
  paymentDueDate?: string,
): void {
  const p: Payment = req.payment ?? {};
  const code = paymentMeansCode(p) ?? (present(paymentDueDate) ? INSTRUMENT_NOT_DEFINED : undefined);
  if (code === undefined) return;
  const id = accountId(p);
  w.open('cac:PaymentMeans').leaf('cbc:PaymentMeansCode', code).optLeaf('cbc:PaymentDueDate', paymentDueDate);
  w.optLeaf('cbc:InstructionNote', p.instructions).optLeaf('cbc:InstructionNote', p.method_note);
  w.leaf('cbc:PaymentID', req.invoice.number);
  if (id !== undefined || [p.account_name, p.swift, p.bank_name, p.routing_number].some(present)) {
    w.open('cac:PayeeFinancialAccount').optLeaf('cbc:ID', id).optLeaf('cbc:Name', p.account_name);
    // Both an IBAN and an account number: the IBAN is the account id, the local number a payment note.
    if (present(p.iban) && present(p.account_number)) w.leaf('cbc:PaymentNote', p.account_number);
    if ([p.swift, p.bank_name, p.routing_number].some(present)) {
      w.open('cac:FinancialInstitutionBranch').optLeaf('cbc:ID', p.swift);
      if (present(p.bank_name) || present(p.routing_number))
        w.open('cac:FinancialInstitution').optLeaf('cbc:ID', p.routing_number).optLeaf('cbc:Name', p.bank_name).close();
      w.close();
    }
    w.close();
  }
  w.close();
}

/** cac:PaymentTerms (BT-20) from invoice.terms. */
export function buildPaymentTerms(w: XmlWriter, terms: string | undefined): void {
  if (present(terms)) w.open('cac:PaymentTerms').leaf('cbc:Note', terms).close();
}
