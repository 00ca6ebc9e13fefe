/**
 * Every label the PDF templates print. Placeholders: `{rate}` (a formatted percentage),
 * `{page}` and `{pages}` (page numbers), `{number}` and `{date}` (the invoice a credit note corrects).
 */
export interface Labels {
  invoice: string;
  from: string;
  billTo: string;
  shipTo: string;
  invoiceNumber: string;
  date: string;
  dueDate: string;
  poNumber: string;
  /** The heading of a credit note (issue 13), in place of `invoice`. */
  creditNote: string;
  creditNoteNumber: string;
  creditNoteDate: string;
  /** The line naming the corrected invoice: `{number}` as typed, `{date}` formatted like every date. */
  creditNoteFor: string;
  /** The same line when the request gives no original date. */
  creditNoteForNumber: string;
  buyerReference: string;
  terms: string;
  description: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  discount: string;
  tax: string;
  amount: string;
  subtotal: string;
  shipping: string;
  /** Default name of a single-rate tax line (D1 step 5: `Tax 20%`). */
  taxRate: string;
  rounding: string;
  total: string;
  deposit: string;
  amountPaid: string;
  balanceDue: string;
  /** A credit note's last, emphasised total line, in place of `balanceDue` (issue 13). */
  amountCredited: string;
  payment: string;
  payTo: string;
  bankName: string;
  accountName: string;
  accountNumber: string;
  routingNumber: string;
  iban: string;
  swift: string;
  instructions: string;
  methodNote: string;
  notes: string;
  refundPolicy: string;
  email: string;
  phone: string;
  taxId: string;
  registrationNo: string;
  website: string;
  /** Stamps of D2. */
  paid: string;
  partial: string;
  page: string;
  signature: string;
  taxInclusive: string;
  qrHostedLink: string;
  /** The hosted-link caption on a credit note. */
  qrHostedCreditNote: string;
  /** A hosted link's caption with the last day it opens (issue 26): `{caption}` and `{date}`. */
  qrValidUntil: string;
  qrPay: string;
  qrUrl: string;
  qrText: string;
  /** The caption of a ZATCA phase-1 QR (issue 23): a tax-invoice code, not a request to pay. */
  qrZatca: string;
  /** Beside a payment code (issue 23): what a person needs to pay by hand. */
  reference: string;
  upiId: string;
  pixKey: string;
}

export type LabelKey = keyof Labels;
