import {
  type Digits,
  directionOf,
  fillLabel,
  formatDate,
  formatMoney,
  formatPercent,
  formatQuantity,
  type Labels,
  localShippingLabel,
  localTaxLineName,
  localTitle,
  qrCaption,
} from '@invoice/i18n';
import {
  type CurrencyCode,
  documentTypeOf,
  type ManualPayment,
  minorUnits,
  type Party,
  type ResolvedInvoice,
  type ShipTo,
} from '@invoice/model';
import type Decimal from 'decimal.js';
import type { Presentation } from '../presentation.ts';
import { unbreakable } from '../text/line-wrap.ts';
import { addressLines } from './address-lines.ts';
import { currencyDisplay } from './currency-display.ts';
import { manualPaymentFields } from './payment-code-view.ts';
import { presentedLabels } from './presented-labels.ts';

/** A label and its value, as printed in detail lists (party details, invoice meta, payment). */
export interface Field {
  label: string;
  value: string;
  /**
   * An identifier or a date (invoice number, IBAN, tax id, due date): never wrapped inside; the
   * layout shrinks it or gives it room (issue 27).
   */
  whole?: boolean;
}

/** Marks a value as an identifier or a date for `fields` (issue 27). */
const whole = (value: string | undefined) => (value === undefined ? undefined : { whole: value });

export interface PartyView {
  heading: string;
  name: string;
  /** Address lines as the client broke them, then the structured parts (address-lines.ts); each may still wrap. */
  address: string[];
  details: Field[];
}

export interface ItemView {
  description: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  discount: string;
  tax: string;
  amount: string;
}

interface TotalRow {
  label: string;
  value: string;
  /** `total` for the grand total, `due` for the balance due: the rows templates emphasise. */
  emphasis?: 'total' | 'due';
}

/** Everything a template prints, already translated and formatted: templates never format. */
export interface InvoiceView {
  language: string;
  direction: 'ltr' | 'rtl';
  /** The numbering system every number above was formatted in; compose-invoice formats the page label with it. */
  digits: Digits;
  /** The language's labels with the presentation's overrides already applied. */
  labels: Labels;
  title: string;
  number: string;
  /** A credit note's line naming the invoice it corrects (issue 13), printed under the title. */
  reference?: string;
  meta: Field[];
  seller: PartyView;
  buyer: PartyView;
  shipTo?: PartyView;
  columns: { unit: boolean; discount: boolean; tax: boolean };
  items: ItemView[];
  totals: TotalRow[];
  taxInclusiveNote?: string;
  payment: Field[];
  notes?: string;
  refundPolicy?: string;
  footer?: string;
  stamp?: string;
  accent?: [number, number, number];
  qrCaption: string;
  /** Beside a payment code the service built: beneficiary, IBAN, reference, amount (issue 23). */
  qrDetails: Field[];
  document: { title: string; author: string; subject: string; keywords: string[]; creationDate: Date };
}

function present(s: string | undefined): s is string {
  return s !== undefined && s.trim() !== '';
}

function fields(pairs: [string, string | { whole: string } | undefined][]): Field[] {
  const out: Field[] = [];
  for (const [label, v] of pairs) {
    const value = typeof v === 'object' ? v.whole : v;
    if (!present(value)) continue;
    out.push(typeof v === 'object' ? { label, value: value.trim(), whole: true } : { label, value: value.trim() });
  }
  return out;
}

/** Splits client text into lines: CRLF/CR normalised, trailing blanks dropped. */
function textLines(text: string | undefined): string[] {
  if (!present(text)) return [];
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, '    ')
    .trimEnd()
    .split('\n')
    .map((l) => l.trimEnd());
}

function partyView(heading: string, party: Party, l: Labels, language: string): PartyView {
  return {
    heading,
    name: party.name.trim(),
    address: addressLines(textLines(party.address), party, language),
    details: fields([
      [l.email, party.email],
      [l.phone, party.phone],
      [l.website, party.website],
      [l.taxId, whole(party.tax_id)],
      [l.registrationNo, whole(party.registration_no)],
    ]),
  };
}

/** The ship-to block when ship_to names a recipient or any part of an address. */
function shipToView(shipTo: ShipTo | undefined, heading: string, language: string): PartyView | undefined {
  if (!shipTo) return undefined;
  const address = addressLines(textLines(shipTo.address), shipTo, language);
  if (!present(shipTo.name) && address.length === 0) return undefined;
  return { heading, name: shipTo.name?.trim() ?? '', address, details: [] };
}

function parseAccent(hex: string | undefined): [number, number, number] | undefined {
  const m = hex ? /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex) : null;
  return m ? [parseInt(m[1], 16) / 255, parseInt(m[2], 16) / 255, parseInt(m[3], 16) / 255] : undefined;
}

/** Sentence case for the metadata title: `RECHNUNG` → `Rechnung`; scripts without case are unchanged. */
function sentenceCase(s: string, language: string): string {
  const lower = s.toLocaleLowerCase(language);
  return lower.charAt(0).toLocaleUpperCase(language) + lower.slice(1);
}

/** `Credit note for invoice INV-1 of January 5, 2026`: the date formatted like every other date, the number as typed. */
function creditNoteReference(
  meta: ResolvedInvoice['request']['invoice'],
  l: Labels,
  language: string,
  digits: Digits,
): string | undefined {
  if (!present(meta.original_number)) return undefined;
  // The number and the date stay whole when the line wraps ("of / February 14, 2026", never "of February / 14").
  const number = unbreakable(meta.original_number.trim());
  if (!meta.original_date) return fillLabel(l.creditNoteForNumber, { number });
  const date = unbreakable(formatDate(meta.original_date, language, digits));
  return fillLabel(l.creditNoteFor, { number, date });
}

/** What the drawn QR code is (issue 23): a payment.qr type or `hosted_link`, and a built code's facts. */
export interface QrCodeFacts {
  kind?: string;
  manual?: ManualPayment;
  /** A hosted link's last day (YYYY-MM-DD, UTC): its caption says until when it opens (issue 26). */
  validUntil?: string;
}

/** The caption under the QR: what it is, and for a hosted link with a known end, until when it works. */
function qrCaptionOf(
  kind: string,
  qrCode: QrCodeFacts,
  language: string,
  l: Labels,
  digits: Digits,
  doc: 'invoice' | 'credit_note',
) {
  const caption = qrCaption(kind, language, l, doc);
  if (kind !== 'hosted_link' || !qrCode.validUntil) return caption;
  // The date stays whole when the caption wraps, as every printed date (P10).
  return fillLabel(l.qrValidUntil, { caption, date: unbreakable(formatDate(qrCode.validUntil, language, digits)) });
}

/**
 * The view of a resolved invoice. `presentation` (legacy interface, D11) changes only how it reads:
 * `digits` goes into every formatter call here, `labels` replace the language's built-in texts.
 * Identifiers the client typed (number, PO, addresses, descriptions, notes) stay as typed.
 */
export function buildInvoiceView(
  invoice: ResolvedInvoice,
  qrCaptionText?: string,
  presentation?: Presentation,
  qrCode: QrCodeFacts = {},
): InvoiceView {
  const req = invoice.request;
  const t = invoice.totals;
  const language = req.invoice.language;
  const digits: Digits = presentation?.digits ?? 'latn';
  const l = presentedLabels(language, presentation?.labels);
  const currency = t.currency as CurrencyCode;
  const mu = minorUnits(currency);
  const display = currencyDisplay(currency);
  const money = (v: Decimal) => formatMoney(v, currency, mu, language, digits, display);
  // Unit prices and amount discounts are inputs with up to six decimals (D1): shown as given, never rounded
  // to the currency's minor units (¥35.5 × 12 must not read as ¥36 × 12).
  const price = (v: Decimal) => formatMoney(v, currency, Math.max(mu, v.decimalPlaces()), language, digits, display);
  const negative = (v: Decimal) => money(v.negated());
  const pct = (v: Decimal) => formatPercent(v, language, digits);
  const isZero = (v: Decimal) => v.isZero();

  const items: ItemView[] = t.lines.map((line) => ({
    description: line.description,
    quantity: formatQuantity(line.quantity, language, digits),
    unit: line.unit?.trim() ?? '',
    unitPrice: price(line.unit_price),
    discount: isZero(line.discount) ? '' : line.discount_type === 'percent' ? pct(line.discount) : price(line.discount),
    // One component prints as a bare rate; several name each component, unless the name is the
    // default `Tax 9%`, which already is the rate.
    tax: line.taxes
      .map((x) => (line.taxes.length === 1 || /^Tax \d/.test(x.name) ? pct(x.rate) : `${x.name} ${pct(x.rate)}`))
      .join('\n'),
    amount: money(line.line_total),
  }));

  const meta = req.invoice;
  const documentType = documentTypeOf(meta);
  const creditNote = documentType === 'credit_note';
  const totals: TotalRow[] = [{ label: l.subtotal, value: money(t.subtotal) }];
  if (!isZero(t.discount_total)) totals.push({ label: l.discount, value: negative(t.discount_total) });
  if (!isZero(t.shipping))
    totals.push({ label: localShippingLabel(req.shipping_label, language, l), value: money(t.shipping) });
  if (t.tax_lines.length === 0) totals.push({ label: l.tax, value: money(t.total_tax) });
  for (const line of t.tax_lines)
    totals.push({ label: localTaxLineName(line.name, language, digits, l), value: money(line.amount) });
  if (!isZero(t.rounding_adjustment)) totals.push({ label: l.rounding, value: money(t.rounding_adjustment) });
  totals.push({ label: l.total, value: money(t.grand_total), emphasis: 'total' });
  if (!isZero(t.deposit)) totals.push({ label: l.deposit, value: negative(t.deposit) });
  if (!isZero(t.amount_paid)) totals.push({ label: l.amountPaid, value: negative(t.amount_paid) });
  // On a credit note nothing is due from the buyer: the last line is what is credited to them.
  totals.push({ label: creditNote ? l.amountCredited : l.balanceDue, value: money(t.balance_due), emphasis: 'due' });

  const p = req.payment;
  const payment = p
    ? fields([
        [l.payTo, p.pay_to],
        [l.bankName, p.bank_name],
        [l.accountName, p.account_name],
        [l.accountNumber, whole(p.account_number)],
        [l.routingNumber, whole(p.routing_number)],
        [l.iban, whole(p.iban)],
        [l.swift, whole(p.swift)],
        [l.instructions, p.instructions],
        [l.methodNote, p.method_note],
      ])
    : [];

  // A credit note's heading replaces INVOICE; an explicit invoice.title still overrides either.
  const heading = creditNote ? l.creditNote : l.invoice;
  const title = localTitle(meta.title, language, { ...l, invoice: heading });
  const docTitleWord = present(meta.title) ? meta.title.trim() : sentenceCase(heading, language);
  const [y, m, d] = meta.date.split('-').map(Number);

  return {
    language,
    direction: directionOf(language),
    digits,
    labels: l,
    title,
    number: meta.number,
    reference: creditNote ? creditNoteReference(meta, l, language, digits) : undefined,
    meta: fields([
      [creditNote ? l.creditNoteNumber : l.invoiceNumber, whole(meta.number)],
      [creditNote ? l.creditNoteDate : l.date, whole(formatDate(meta.date, language, digits))],
      [l.dueDate, whole(meta.due_date ? formatDate(meta.due_date, language, digits) : undefined)],
      [l.poNumber, whole(meta.po_number)],
      [l.buyerReference, whole(meta.buyer_reference)],
      [l.terms, meta.terms],
    ]),
    seller: partyView(l.from, req.from, l, language),
    buyer: partyView(l.billTo, req.to, l, language),
    shipTo: shipToView(req.ship_to, l.shipTo, language),
    columns: {
      unit: items.some((i) => i.unit !== ''),
      discount: items.some((i) => i.discount !== ''),
      tax: items.some((i) => i.tax !== ''),
    },
    items,
    totals,
    taxInclusiveNote: t.tax_inclusive ? l.taxInclusive : undefined,
    payment,
    notes: present(req.notes) ? req.notes : undefined,
    refundPolicy: present(req.refund_policy) ? req.refund_policy : undefined,
    footer: present(req.footer) ? req.footer : undefined,
    stamp: t.status === 'paid' ? l.paid : t.status === 'partial' ? l.partial : undefined,
    accent: parseAccent(req.accent_color),
    qrCaption: present(qrCaptionText)
      ? qrCaptionText
      : qrCaptionOf(qrCode.kind ?? req.payment?.qr?.type ?? 'hosted_link', qrCode, language, l, digits, documentType),
    // every built code carries the invoice's own currency (the schema refuses any other), so `money` fits
    qrDetails: manualPaymentFields(qrCode.kind ?? '', qrCode.manual, l, money),
    document: {
      title: `${docTitleWord} ${meta.number}`,
      author: req.from.name.trim(),
      subject: `${docTitleWord} ${meta.number}: ${req.from.name.trim()} → ${req.to.name.trim()}`,
      keywords: [meta.number, currency, language],
      // D14: fixed from the invoice date, never the clock.
      creationDate: new Date(Date.UTC(y, m - 1, d, 0, 0, 0)),
    },
  };
}
