import type { InvoiceRequest } from '@invoice/model';
import { accountId, paymentMeansCode, present, type XmlWriter } from '@invoice/ubl';
import { writeDate } from './cii-values.ts';

/** ram:PayeeTradeParty from payment.pay_to (BT-59). */
export function writePayee(w: XmlWriter, payment: InvoiceRequest['payment']): void {
  if (payment && present(payment.pay_to)) w.open('ram:PayeeTradeParty').leaf('ram:Name', payment.pay_to).close();
}

/**
 * ram:SpecifiedTradeSettlementPaymentMeans (BG-16): TypeCode, Information (instructions and method note,
 * joined: CII has one), PayeePartyCreditorFinancialAccount (IBANID or ProprietaryID, AccountName) and the
 * BIC (BT-86). Bank name and routing number have no place in the EN 16931 profile and are not written.
 */
export function writePaymentMeans(w: XmlWriter, payment: InvoiceRequest['payment']): void {
  // BT-81, the UBL writer's decision (58 with an IBAN, 30 with an account number, else 1).
  const code = paymentMeansCode(payment);
  if (code === undefined || !payment) return;
  const info = [payment.instructions, payment.method_note].filter(present).join('\n');
  w.open('ram:SpecifiedTradeSettlementPaymentMeans').leaf('ram:TypeCode', code).optLeaf('ram:Information', info);
  const id = accountId(payment);
  if (id !== undefined || present(payment.account_name)) {
    w.open('ram:PayeePartyCreditorFinancialAccount')
      .optLeaf('ram:IBANID', payment.iban)
      .optLeaf('ram:AccountName', payment.account_name)
      .optLeaf('ram:ProprietaryID', present(payment.iban) ? undefined : payment.account_number)
      .close();
  }
  if (present(payment.swift))
    w.open('ram:PayeeSpecifiedCreditorFinancialInstitution').leaf('ram:BICID', payment.swift).close();
  w.close();
}

/** ram:SpecifiedTradePaymentTerms: the terms text (BT-20) and the due date (BT-9). */
export function writePaymentTerms(w: XmlWriter, terms: string | undefined, dueDate: string | undefined): void {
  if (!present(terms) && !present(dueDate)) return;
  w.open('ram:SpecifiedTradePaymentTerms').optLeaf('ram:Description', terms);
  if (present(dueDate)) writeDate(w, 'ram:DueDateDateTime', dueDate);
  w.close();
}
