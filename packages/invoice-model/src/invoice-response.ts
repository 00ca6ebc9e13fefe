import type Decimal from 'decimal.js';
import { z } from 'zod';
import type { ResolvedInvoice } from './calculated-invoice.ts';
import { CURRENCY_CODES, type CurrencyCode } from './currencies.ts';
import { DOCUMENT_TYPES, documentTypeOf } from './document-type.ts';
import { EINVOICE_PROFILES, einvoiceProfileOf } from './einvoice-profile.ts';
import type { Party } from './invoice-request-schema.ts';
import { LANGUAGE_CODES, TEMPLATE_NAMES } from './languages.ts';
import { moneyToNumber } from './money.ts';

/** The computed invoice as JSON (spec InvoiceResponse): money rounded to the currency's minor units (D1). */

const moneyField = (description?: string) => z.number().meta(description ? { description } : {});

/** The structured address parts, echoed when given (the country upper-cased). */
const ADDRESS_PARTS = ['street', 'postal_code', 'city', 'state', 'country'] as const;
const addressPartsResponse = () => ({
  street: z.string().optional(),
  postal_code: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  country: z.string().optional(),
});

export const PartyResponseSchema = z
  .object({
    name: z.string(),
    address: z.string().optional(),
    ...addressPartsResponse(),
    email: z.string().optional(),
    phone: z.string().optional(),
    tax_id: z.string().optional(),
    registration_no: z.string().optional(),
    registration_scheme: z.string().optional(),
    website: z.string().optional(),
    electronic_address: z.object({ scheme: z.string(), id: z.string() }).optional(),
    contact_name: z.string().optional(),
  })
  .meta({
    id: 'PartyResponse',
    description: 'A party as echoed back; the logo is never echoed (it can be megabytes).',
  });

export const TaxAmountSchema = z
  .object({ name: z.string(), rate: z.number().meta({ description: 'Percentage.' }), amount: moneyField() })
  .meta({ id: 'TaxAmount' });

export const InvoiceResponseItemSchema = z
  .object({
    description: z.string(),
    quantity: z.number(),
    unit: z.string().optional(),
    unit_price: z.number(),
    discount: z.number().meta({ description: 'The discount value as given: a percentage or an amount; 0 when none.' }),
    discount_type: z.enum(['percent', 'amount']),
    discount_amount: moneyField('What the line discount takes off.'),
    tax_rate: z.number().optional().meta({ description: 'The single rate that applied (own tax_rate or global_tax).' }),
    taxes: z.array(TaxAmountSchema).meta({ description: "This line's allocation of each tax group it belongs to." }),
    tax_amount: moneyField(),
    line_total: moneyField('round(quantity × unit_price − line discount); includes tax when tax_inclusive.'),
  })
  .meta({ id: 'InvoiceResponseItem' });

export const InvoiceResponseSchema = z
  .object({
    type: z.enum(DOCUMENT_TYPES).meta({ description: '`invoice` or `credit_note`, as requested (default `invoice`).' }),
    number: z.string(),
    title: z.string(),
    date: z.string(),
    due_date: z.string().optional(),
    original_number: z.string().optional().meta({ description: 'Credit notes: the invoice corrected (BT-25).' }),
    original_date: z.string().optional().meta({ description: "Credit notes: that invoice's date (BT-26)." }),
    po_number: z.string().optional(),
    buyer_reference: z.string().optional(),
    terms: z.string().optional(),
    currency: z.enum(CURRENCY_CODES),
    language: z.enum(LANGUAGE_CODES),
    template: z.enum(TEMPLATE_NAMES),
    einvoice_profile: z
      .enum(EINVOICE_PROFILES)
      .meta({ description: 'The e-invoice profile of the UBL and CII documents, as requested (default `en16931`).' }),
    tax_inclusive: z.boolean(),
    from: PartyResponseSchema,
    to: PartyResponseSchema,
    ship_to: z
      .object({ name: z.string().optional(), address: z.string().optional(), ...addressPartsResponse() })
      .optional(),
    items: z.array(InvoiceResponseItemSchema),
    subtotal: moneyField('Σ items.line_total.'),
    discount_total: moneyField('The global discount (line discounts are shown per line).'),
    shipping: moneyField(),
    shipping_label: z.string(),
    tax_lines: z
      .array(TaxAmountSchema)
      .meta({ description: 'One element per distinct (name, rate), rounded once per group.' }),
    total_tax: moneyField(),
    rounding_adjustment: moneyField(),
    grand_total: moneyField(),
    deposit: moneyField(),
    amount_paid: moneyField(),
    balance_due: moneyField('max(0, grand_total − deposit − amount_paid).'),
    status: z.enum(['paid', 'partial', 'unpaid']),
    hosted_url: z.string().optional(),
    hosted_expires_at: z.number().int().optional().meta({ description: 'Unix epoch seconds.' }),
    qr: z
      .object({
        source: z.enum(['hosted_link', 'payment']),
        type: z.string(),
        payload: z.string().optional().meta({
          description:
            'A payment QR only: the exact text the code encodes, as built from the invoice or as given in payment.qr.value.',
        }),
      })
      .optional()
      .meta({
        description:
          'The QR code drawn on the PDF; absent when none is. A payment code that asks for money is left out when the balance due is 0, and the hosted link is drawn instead when there is one.',
      }),
    notes: z.string().optional(),
  })
  .meta({ id: 'InvoiceResponse' });

export type InvoiceResponse = z.output<typeof InvoiceResponseSchema>;
export type PartyResponse = z.output<typeof PartyResponseSchema>;

export interface InvoiceResponseExtras {
  hosted_url?: string;
  hosted_expires_at?: number;
  qr?: { source: 'hosted_link' | 'payment'; type: string; payload?: string };
}

/** Copies only the present optional strings, so the JSON has no nulls and no undefined keys. */
function withOptional<T extends object>(target: T, source: Record<string, unknown>, keys: readonly string[]): T {
  for (const k of keys) {
    const v = source[k];
    if (v !== undefined && v !== null) (target as Record<string, unknown>)[k] = v;
  }
  return target;
}

function partyResponse(p: Party): PartyResponse {
  return withOptional({ name: p.name }, p, [
    'address',
    ...ADDRESS_PARTS,
    'email',
    'phone',
    'tax_id',
    'registration_no',
    'registration_scheme',
    'website',
    'electronic_address',
    'contact_name',
  ]);
}

const num = (d: Decimal) => Number(d.toString());

export function toInvoiceResponse(resolved: ResolvedInvoice, extras: InvoiceResponseExtras = {}): InvoiceResponse {
  const { request: req, totals: t } = resolved;
  const cur: CurrencyCode = t.currency;
  const m = (d: Decimal) => moneyToNumber(d, cur);
  const taxAmount = (x: { name: string; rate: Decimal; amount: Decimal }) => ({
    name: x.name,
    rate: num(x.rate),
    amount: m(x.amount),
  });

  const items = t.lines.map((l) => {
    // Built in the documented field order; optional fields only when present.
    const item = { description: l.description, quantity: num(l.quantity) } as InvoiceResponse['items'][number];
    if (l.unit !== undefined) item.unit = l.unit;
    item.unit_price = num(l.unit_price);
    item.discount = num(l.discount);
    item.discount_type = l.discount_type;
    item.discount_amount = m(l.discount_amount);
    if (l.tax_rate !== undefined) item.tax_rate = num(l.tax_rate);
    item.taxes = l.taxes.map(taxAmount);
    item.tax_amount = m(l.tax_amount);
    item.line_total = m(l.line_total);
    return item;
  });

  const out: InvoiceResponse = withOptional(
    {
      type: documentTypeOf(req.invoice),
      number: req.invoice.number,
      // The spec's default heading; the PDF shows it localised (P3).
      title: req.invoice.title ?? (documentTypeOf(req.invoice) === 'credit_note' ? 'CREDIT NOTE' : 'INVOICE'),
      date: req.invoice.date,
      currency: cur,
      language: req.invoice.language,
      template: req.template,
      einvoice_profile: einvoiceProfileOf(req),
      tax_inclusive: t.tax_inclusive,
      from: partyResponse(req.from),
      to: partyResponse(req.to),
    } as InvoiceResponse,
    req.invoice,
    ['due_date', 'original_number', 'original_date', 'po_number', 'buyer_reference', 'terms'],
  );
  if (req.ship_to) out.ship_to = withOptional({}, req.ship_to, ['name', 'address', ...ADDRESS_PARTS]);
  Object.assign(out, {
    items,
    subtotal: m(t.subtotal),
    discount_total: m(t.discount_total),
    shipping: m(t.shipping),
    shipping_label: req.shipping_label,
    tax_lines: t.tax_lines.map(taxAmount),
    total_tax: m(t.total_tax),
    rounding_adjustment: m(t.rounding_adjustment),
    grand_total: m(t.grand_total),
    deposit: m(t.deposit),
    amount_paid: m(t.amount_paid),
    balance_due: m(t.balance_due),
    status: t.status,
  });
  withOptional(out, extras as Record<string, unknown>, ['hosted_url', 'hosted_expires_at', 'qr']);
  if (req.notes !== undefined) out.notes = req.notes;
  return out;
}
