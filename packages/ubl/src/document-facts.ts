import type Decimal from 'decimal.js';
import { paymentMeansCode } from './build-payment.ts';
import type { DocumentProfile } from './document-profile.ts';
import { type DocumentType, documentTypeOf, type ResolvedInvoice } from './model-imports.ts';
import type { PartyProfile } from './party-profile.ts';
import { invoiceHasTax } from './tax-category.ts';
import type { UblAddress } from './ubl-address.ts';
import { present } from './xml-writer.ts';

/** One standard-rated line: its rate and the request field that set it (SE-R-006 names it). */
interface StandardRate {
  rate: Decimal;
  path: string;
}

/**
 * What the document written for a request contains, as far as the profiles' rules look: the prediction reads
 * these instead of parsing XML. The few places where UBL and CII differ are decided here (`syntax`).
 */
export interface DocumentFacts {
  syntax: 'ubl' | 'cii';
  type: DocumentType;
  number: string;
  issueDate: string;
  hasTax: boolean;
  seller: PartyProfile;
  buyer: PartyProfile;
  deliverTo?: UblAddress;
  buyerReference: boolean;
  orderReference: boolean;
  precedingInvoice: boolean;
  /** BT-81 as written; UBL writes code 1 to carry a credit note's due date. */
  paymentMeansCode?: string;
  /** A due date where CEN's BR-CO-25 looks for it: UBL's header cbc:DueDate (invoices), CII's for both types. */
  dueDate: boolean;
  terms?: string;
  payable: Decimal;
  /** The VAT categories of lines, allowances and charges. */
  categories: Set<string>;
  standardRates: StandardRate[];
}

/** CII writes a postal address only with a country (its schema requires CountryID). */
const ciiAddress = (a: UblAddress | undefined) => (a?.countryCode === undefined ? undefined : a);

/** The request field that gave line i its rate. */
function ratePath(resolved: ResolvedInvoice, i: number): string {
  const item = resolved.request.items[i];
  if (item.tax_rate !== undefined) return `items[${i}].tax_rate`;
  if (item.taxes !== undefined) return `items[${i}].taxes`;
  return resolved.request.global_taxes !== undefined ? 'global_taxes' : 'global_tax';
}

export function documentFacts(resolved: ResolvedInvoice, shape: DocumentProfile, syntax: 'ubl' | 'cii'): DocumentFacts {
  const { request: req, totals } = resolved;
  const { amounts } = shape;
  const type = documentTypeOf(req.invoice);
  const dueDate = present(req.invoice.due_date);
  const address = syntax === 'cii' ? ciiAddress : (a: UblAddress | undefined) => a;
  const code = paymentMeansCode(req.payment);
  return {
    syntax,
    type,
    number: req.invoice.number,
    issueDate: req.invoice.date,
    hasTax: invoiceHasTax(totals),
    seller: { ...shape.seller, address: address(shape.seller.address) },
    buyer: { ...shape.buyer, address: address(shape.buyer.address) },
    deliverTo: address(shape.deliverTo),
    buyerReference: present(req.invoice.buyer_reference),
    orderReference: present(req.invoice.po_number),
    precedingInvoice: present(req.invoice.original_number),
    paymentMeansCode: code ?? (syntax === 'ubl' && type === 'credit_note' && dueDate ? '1' : undefined),
    dueDate: dueDate && (syntax === 'cii' || type === 'invoice'),
    terms: present(req.invoice.terms) ? req.invoice.terms : undefined,
    payable: amounts.monetary.payable,
    categories: new Set([...amounts.lines, ...amounts.allowanceCharges].map((x) => x.category.id)),
    standardRates: amounts.lines.flatMap((l, i) =>
      l.category.id === 'S' ? [{ rate: l.category.percent!, path: ratePath(resolved, i) }] : [],
    ),
  };
}
