import { formatPercent } from './format-numbers.ts';
import { fillLabel, labelsFor } from './languages.ts';

// The calculator names a single-rate group `Tax 20%` (D1 step 5); only that default is translated,
// names the client chose (`VAT`, `CGST`) are printed as given.
const DEFAULT_TAX_NAME = /^Tax (\d+(?:\.\d+)?)\s?%$/;

/** The printed name of a tax line: the localised `Tax {rate}` for default names, else the name as given. */
export function localTaxLineName(name: string, language: string): string {
  const m = DEFAULT_TAX_NAME.exec(name.trim());
  if (!m) return name;
  return fillLabel(labelsFor(language).taxRate, { rate: formatPercent(m[1], language) });
}

/** `shipping_label` defaults to `Shipping`; that default is printed in the invoice language. */
export function localShippingLabel(label: string | undefined, language: string): string {
  if (label === undefined || label.trim() === '' || label.trim() === 'Shipping') return labelsFor(language).shipping;
  return label;
}

/** `INVOICE` unless `invoice.title` overrides it. */
export function localTitle(title: string | undefined, language: string): string {
  return title && title.trim() !== '' ? title : labelsFor(language).invoice;
}

/** `Page 2 of 5` in the invoice language. */
export function pageLabel(page: number, pages: number, language: string): string {
  return fillLabel(labelsFor(language).page, { page, pages });
}

export type QrSource = 'hosted_link' | 'upi' | 'pix' | 'sepa' | 'promptpay' | 'url' | 'text';

/** The caption under the QR code, by what it encodes. */
export function qrCaption(source: QrSource | string, language: string): string {
  const l = labelsFor(language);
  switch (source) {
    case 'hosted_link':
      return l.qrHostedLink;
    case 'url':
      return l.qrUrl;
    case 'text':
      return l.qrText;
    default:
      return l.qrPay;
  }
}
