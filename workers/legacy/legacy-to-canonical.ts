// The legacy request as the canonical invoice model (docs/legacy.md has the table): one engine, two front
// doors. The model then validates and computes it with the same D1 arithmetic as /api/generate-invoice,
// and its issue paths are told back in legacy field names.
import type { Labels } from '@invoice/i18n';
import type { IssueDetail } from '@invoice/model';
import type { Presentation } from '@invoice/pdf';
import { detectImageType } from '@invoice/pdf';
import { base64ToBytes } from '../crypto/byte-encoding.ts';
import { ApiError } from '../http/api-error.ts';
import type { LegacyLabelKey, LegacyRenderRequest } from './legacy-request-schema.ts';

/** D11's label keys → the PDF engine's label names. */
const LABEL_NAMES: Record<LegacyLabelKey, keyof Labels> = {
  invoice: 'invoice',
  invoice_no: 'invoiceNumber',
  date: 'date',
  due_date: 'dueDate',
  po: 'poNumber',
  bill_to: 'billTo',
  ship_to: 'shipTo',
  description: 'description',
  quantity: 'quantity',
  rate: 'unitPrice',
  discount: 'discount',
  tax: 'tax',
  amount: 'amount',
  subtotal: 'subtotal',
  total: 'total',
  notes: 'notes',
  terms: 'terms',
  refund_policy: 'refundPolicy',
  page: 'page',
};

/** First line the name, the rest the address (the legacy `to` and `ship` are one multi-line text). */
function splitParty(text: string): { name: string; address?: string } {
  const lines = text.replace(/\r\n?/g, '\n').trim().split('\n');
  const address = lines.slice(1).join('\n').trim();
  return { name: lines[0].trim(), ...(address ? { address } : {}) };
}

/**
 * A legacy image (base64, with or without a `data:` prefix) as the model's data: URI, typed by its
 * magic bytes; the Worker's image loader then applies every D5 check to the whole image.
 */
function legacyImageUri(field: 'logo' | 'sig', text: string): string {
  const base64 = text.replace(/^data:[^,]*;base64,/i, '').replace(/\s+/g, '');
  let head: Uint8Array;
  try {
    head = base64ToBytes(base64.slice(0, 16));
  } catch {
    throw ApiError.field('validation_error', field, 'image', 'must be base64 image data');
  }
  const type = detectImageType(head);
  if (!type) throw ApiError.field('validation_error', field, 'image', 'must be a PNG or JPEG image');
  return `data:image/${type};base64,${base64}`;
}

/** The canonical request body (still to be validated by the model). */
export function legacyToCanonical(legacy: LegacyRenderRequest): Record<string, unknown> {
  return {
    from: { name: legacy.title, ...(legacy.logo ? { logo: legacyImageUri('logo', legacy.logo) } : {}) },
    to: splitParty(legacy.to),
    ...(legacy.ship ? { ship_to: splitParty(legacy.ship) } : {}),
    invoice: {
      number: legacy.invno,
      date: legacy.date,
      ...(legacy.due ? { due_date: legacy.due } : {}),
      ...(legacy.po ? { po_number: legacy.po } : {}),
      ...(legacy.terms ? { terms: legacy.terms } : {}),
      currency: legacy.currency,
      language: legacy.lang === 'ar-e' ? 'ar' : legacy.lang,
    },
    items: legacy.rows.map((row) => ({
      description: row.desc,
      quantity: row.qty,
      unit_price: row.rate,
      ...(row.disc ? { discount: row.disc, discount_type: 'percent' } : {}),
      ...(row.tax !== undefined ? { tax_rate: row.tax } : {}),
    })),
    ...(legacy.notes ? { notes: legacy.notes } : {}),
    ...(legacy.refund ? { refund_policy: legacy.refund } : {}),
    ...(legacy.sig ? { signature: legacyImageUri('sig', legacy.sig) } : {}),
    output: 'pdf',
    // The legacy answer carries the PDF only: no hosted link, no QR code.
    features: { hosted_link: false, qr: false },
  };
}

/** How the PDF differs from a canonical render: the legacy template, ar-e's digits, customLabels. */
export function legacyPresentation(legacy: LegacyRenderRequest): Presentation {
  const custom = legacy.customLabels?.[legacy.lang] ?? {};
  const labels: Partial<Labels> = {};
  for (const [key, text] of Object.entries(custom) as [LegacyLabelKey, string][])
    if (text.trim() !== '') labels[LABEL_NAMES[key]] = text;
  return { template: legacy.template, digits: legacy.lang === 'ar-e' ? 'arab' : 'latn', labels };
}

/** Canonical field paths → the legacy names the client sent. */
const LEGACY_PATHS: Record<string, string> = {
  description: 'desc',
  quantity: 'qty',
  unit_price: 'rate',
  discount: 'disc',
  tax_rate: 'tax',
  'invoice.number': 'invno',
  'invoice.date': 'date',
  'invoice.due_date': 'due',
  'invoice.po_number': 'po',
  'invoice.terms': 'terms',
  'invoice.currency': 'currency',
  'invoice.language': 'lang',
  'from.name': 'title',
  'from.logo': 'logo',
  signature: 'sig',
  'to.name': 'to',
  'to.address': 'to',
  'ship_to.name': 'ship',
  'ship_to.address': 'ship',
  refund_policy: 'refund',
  items: 'rows',
};

function legacyPath(path: string): string {
  const item = /^items\[(\d+)\]\.(\w+)$/.exec(path);
  if (item) return `rows[${item[1]}].${LEGACY_PATHS[item[2]] ?? item[2]}`;
  return LEGACY_PATHS[path] ?? path;
}

/** A model or loader refusal's details, their canonical paths told in the legacy names (`rows[2].qty`). */
export function legacyDetails(details: readonly IssueDetail[]): IssueDetail[] {
  return details.map((d) => ({ ...d, path: legacyPath(d.path) }));
}
