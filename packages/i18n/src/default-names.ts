import { formatCount, formatPercent } from './format-numbers.ts';
import type { Labels } from './label-keys.ts';
import { type Digits, fillLabel, labelsFor } from './languages.ts';

// Every helper takes the labels last so a caller with overridden texts (legacy customLabels, D11)
// gets the same defaults logic with its own words; without them the language's built-in labels apply.

// The calculator names a single-rate group `Tax 20%` (D1 step 5); only that default is translated,
// names the client chose (`VAT`, `CGST`) are printed as given.
const DEFAULT_TAX_NAME = /^Tax (\d+(?:\.\d+)?)\s?%$/;

/** The printed name of a tax line: the localised `Tax {rate}` for default names, else the name as given. */
export function localTaxLineName(
  name: string,
  language: string,
  digits: Digits = 'latn',
  labels: Labels = labelsFor(language),
): string {
  const m = DEFAULT_TAX_NAME.exec(name.trim());
  if (!m) return name;
  return fillLabel(labels.taxRate, { rate: formatPercent(m[1], language, digits) });
}

/** `shipping_label` defaults to `Shipping`; that default is printed in the invoice language. */
export function localShippingLabel(
  label: string | undefined,
  language: string,
  labels: Labels = labelsFor(language),
): string {
  if (label === undefined || label.trim() === '' || label.trim() === 'Shipping') return labels.shipping;
  return label;
}

/** `INVOICE` unless `invoice.title` overrides it. */
export function localTitle(title: string | undefined, language: string, labels: Labels = labelsFor(language)): string {
  return title && title.trim() !== '' ? title : labels.invoice;
}

/** `Page 2 of 5` in the invoice language, the numbers in its numbering system. */
export function pageLabel(
  page: number,
  pages: number,
  language: string,
  digits: Digits = 'latn',
  labels: Labels = labelsFor(language),
): string {
  return fillLabel(labels.page, {
    page: formatCount(page, language, digits),
    pages: formatCount(pages, language, digits),
  });
}

export type QrSource = 'hosted_link' | 'upi' | 'pix' | 'sepa' | 'promptpay' | 'url' | 'text' | 'zatca' | 'swiss';

/**
 * The caption under the QR code, by what it encodes; a hosted link names the document it opens
 * (an invoice or a credit note, issue 13).
 */
export function qrCaption(
  source: QrSource | string,
  language: string,
  labels: Labels = labelsFor(language),
  document: 'invoice' | 'credit_note' = 'invoice',
): string {
  switch (source) {
    case 'hosted_link':
      return document === 'credit_note' ? labels.qrHostedCreditNote : labels.qrHostedLink;
    case 'url':
      return labels.qrUrl;
    case 'text':
      return labels.qrText;
    case 'zatca':
      return labels.qrZatca;
    default:
      return labels.qrPay;
  }
}
