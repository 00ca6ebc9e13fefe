import { z } from 'zod';
import { CURRENCY_CODES } from './currencies.ts';
import { documentType, invoiceReferenceIssues } from './document-type.ts';
import { EINVOICE_PROFILES, profileRequestIssues } from './einvoice-profile.ts';
import {
  boundedNumber,
  calendarDate,
  countryCode,
  imageSource,
  LIMITS,
  longText,
  moneyAmount,
  percentRate,
  requiredName,
  shortText,
} from './field-rules.ts';
import { ruleParams } from './issue-rules.ts';
import { LANGUAGE_CODES, OUTPUT_FORMATS, TEMPLATE_NAMES } from './languages.ts';
import { partyIdentifierFields, registrationIssues } from './party-identifiers.ts';
import { paymentCodeIssues } from './payment-codes/payment-code-issues.ts';
import { checkQrValue, QR_TYPES } from './payment-qr.ts';

/** 155 codes are too many to list in an error: name the standard and where the list is. */
const CURRENCY_ERROR =
  'must be an active ISO 4217 code such as USD, EUR or KWD (GET /openapi.json and list_options list them)';

/** Canonical (snake_case, nested) request schemas: the single source for validation, types and OpenAPI. */

/**
 * Structured address parts beside the free-text `address`: the UBL writer prefers them to what it reads
 * from the text (EN 16931 needs a country code, BR-09/BR-11/BR-57), and the PDF prints them.
 */
const addressParts = () => ({
  street: shortText().optional().meta({ description: 'Street and number.' }),
  postal_code: shortText().optional(),
  city: shortText().optional(),
  state: shortText().optional().meta({ description: 'State, province or region.' }),
  country: countryCode()
    .optional()
    .meta({ description: 'ISO 3166-1 alpha-2 code (`DE`, `US`), upper-cased; an empty string counts as not given.' }),
});

export const PartySchema = z
  .strictObject({
    name: requiredName(),
    address: longText().optional(),
    ...addressParts(),
    email: shortText().optional(),
    phone: shortText().optional(),
    tax_id: shortText().optional(),
    registration_no: shortText().optional(),
    website: shortText().optional(),
    logo: imageSource().optional(),
    ...partyIdentifierFields(),
  })
  .superRefine((party, ctx) => {
    for (const { rule, ...issue } of registrationIssues(party))
      ctx.addIssue({ code: 'custom', ...issue, ...ruleParams(rule) });
  })
  .meta({ id: 'Party' });

export const ShipToSchema = z
  .strictObject({ name: shortText().optional(), address: longText().optional(), ...addressParts() })
  .meta({ id: 'ShipTo' });

export const TaxComponentSchema = z
  .strictObject({ name: shortText().optional(), rate: percentRate() })
  .meta({ id: 'TaxComponent', description: 'One tax component; name defaults to "Tax <rate>%".' });

const taxComponents = () =>
  z
    .array(TaxComponentSchema)
    .min(1, { message: 'must have at least 1 component' })
    .max(10, { message: 'must have at most 10 components' });

export const DiscountTypeSchema = z.enum(['percent', 'amount'], { error: 'must be one of percent, amount' });

export const LineItemSchema = z
  .strictObject({
    description: requiredName(),
    quantity: boundedNumber(0, LIMITS.maxQuantity).default(1),
    unit: shortText().optional(),
    unit_price: boundedNumber(0, LIMITS.maxUnitPrice).default(0),
    discount: boundedNumber(0, LIMITS.maxUnitPrice * LIMITS.maxQuantity).optional(),
    discount_type: DiscountTypeSchema.default('percent'),
    tax_rate: percentRate().optional(),
    taxes: taxComponents().optional(),
  })
  .meta({ id: 'LineItem' });

const identifier = () =>
  shortText().refine((s) => s.trim().length > 0, { message: 'must not be empty', ...ruleParams('not_empty') });

export const InvoiceMetaSchema = z
  .strictObject({
    type: documentType(),
    number: identifier().optional(),
    date: calendarDate().optional(),
    due_date: calendarDate().optional(),
    original_number: identifier()
      .optional()
      .meta({ description: 'Credit notes only: the number of the invoice this note corrects (BT-25).' }),
    original_date: calendarDate()
      .optional()
      .meta({ description: 'Credit notes only: the issue date of that invoice (BT-26); needs `original_number`.' }),
    po_number: shortText()
      .optional()
      .meta({ description: 'Purchase order reference (BT-13); `order_reference` is accepted as another name.' }),
    buyer_reference: shortText()
      .optional()
      .meta({ description: "The buyer's reference for routing the invoice (BT-10), e.g. a Leitweg-ID." }),
    terms: longText().optional(),
    currency: z
      .enum(CURRENCY_CODES, { error: CURRENCY_ERROR })
      .default('USD')
      .meta({ description: 'An active ISO 4217 code; amounts have its minor units.' }),
    language: z.enum(LANGUAGE_CODES, { error: `must be one of ${LANGUAGE_CODES.join(', ')}` }).default('en'),
    title: shortText().optional(),
    tax_inclusive: z.boolean({ error: 'must be a boolean' }).default(false),
  })
  .meta({ id: 'InvoiceMeta' });

export const PaymentQrSchema = z
  .strictObject({
    type: z.enum(QR_TYPES, { error: `must be one of ${QR_TYPES.join(', ')}` }),
    value: z
      .string({ error: 'must be a string' })
      .max(LIMITS.maxQrText, { message: `must be at most ${LIMITS.maxQrText} characters` })
      .optional()
      .meta({
        description:
          'Your own payload (upi, pix, sepa, promptpay, url, text; required for the last three). Without it the service builds sepa, upi, pix, zatca and swiss (the Swiss QR-bill payment part) from the invoice, for the balance due.',
      }),
  })
  .superRefine((qr, ctx) => {
    if (qr.value === undefined || qr.type === 'zatca' || qr.type === 'swiss') return;
    const problem = checkQrValue(qr.type, qr.value);
    if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem, ...ruleParams('payload') });
  })
  .meta({
    id: 'PaymentQr',
    description:
      '`sepa` (EPC069-12, EUR), `upi` (INR), `pix` (BRL), `zatca` (Saudi phase-1 QR, SAR) and `swiss` (the Swiss QR-bill payment part and receipt, SIX IG 2.3, CHF or EUR) are built from the invoice when `value` is absent (`zatca` and `swiss` take no `value`); a code that asks for money is left out when the balance due is 0.',
  });

export const PaymentSchema = z
  .strictObject({
    pay_to: shortText().optional(),
    bank_name: shortText().optional(),
    account_name: shortText().optional(),
    account_number: shortText().optional(),
    routing_number: shortText().optional(),
    iban: shortText().optional(),
    swift: shortText().optional(),
    instructions: longText().optional(),
    method_note: longText().optional(),
    status: z.enum(['paid', 'partial', 'unpaid'], { error: 'must be one of paid, partial, unpaid' }).optional(),
    reference: shortText().optional().meta({
      description:
        'An ISO 11649 creditor reference (`RF18 5390 0754 7034`, spaces allowed), written in the structured field of a sepa or swiss QR; or, for a swiss QR beside a QR-IBAN only, the 27-digit Swiss QR reference (`21 00000 00003 13947 14300 09017`, spaces allowed, its mod 10 check digit checked).',
    }),
    upi_id: shortText().optional().meta({ description: 'The UPI ID (VPA) a upi QR pays to, e.g. `shop@okbank`.' }),
    pix_key: shortText()
      .optional()
      .meta({ description: 'The PIX key a pix QR pays to: CPF, CNPJ, e-mail, +55 phone number or random key.' }),
    qr: PaymentQrSchema.optional(),
  })
  .meta({ id: 'Payment' });

export const FeaturesSchema = z
  .strictObject({
    hosted_link: z.boolean({ error: 'must be a boolean' }).optional(),
    qr: z.boolean({ error: 'must be a boolean' }).optional(),
  })
  .meta({
    id: 'Features',
    description: 'Both default to true for authenticated callers; anonymous callers get neither.',
  });

export const InvoiceRequestSchema = z
  .strictObject({
    from: PartySchema,
    to: PartySchema,
    ship_to: ShipToSchema.optional(),
    invoice: InvoiceMetaSchema.default(() => InvoiceMetaSchema.parse({})),
    items: z
      .array(LineItemSchema, { error: 'is required and must be an array of line items' })
      .min(1, { message: 'must have at least 1 line item' })
      .max(LIMITS.maxItems, { message: `must have at most ${LIMITS.maxItems} line items` }),
    global_tax: percentRate().optional(),
    global_taxes: taxComponents().optional(),
    global_discount: boundedNumber(0, LIMITS.maxAmount).optional(),
    global_discount_type: DiscountTypeSchema.default('percent'),
    shipping: moneyAmount().optional(),
    shipping_label: shortText().default('Shipping'),
    deposit: moneyAmount().optional(),
    rounding: z
      .enum(['none', 'nearest', 'up', 'down'], { error: 'must be one of none, nearest, up, down' })
      .default('none'),
    amount_paid: moneyAmount().optional(),
    payment: PaymentSchema.optional(),
    template: z.enum(TEMPLATE_NAMES, { error: `must be one of ${TEMPLATE_NAMES.join(', ')}` }).default('classic'),
    accent_color: z
      .string({ error: 'must be a string' })
      .regex(/^#[0-9a-fA-F]{6}$/, { message: 'must match ^#[0-9a-fA-F]{6}$' })
      .optional(),
    signature: imageSource().optional(),
    output: z.enum(OUTPUT_FORMATS, { error: `must be one of ${OUTPUT_FORMATS.join(', ')}` }).default('json'),
    einvoice_profile: z
      .enum(EINVOICE_PROFILES, { error: `must be one of ${EINVOICE_PROFILES.join(', ')}` })
      .default('en16931')
      .meta({
        description:
          'The e-invoice profile of the UBL and CII documents: `en16931` (the CEN core), `peppol` (Peppol BIS Billing 3.0, UBL only) or `xrechnung` (XRechnung 3.0, UBL and CII). With output json or pdf it shapes the documents the hosted link opens. Factur-X is en16931 only.',
      }),
    features: FeaturesSchema.optional(),
    notes: longText().optional(),
    refund_policy: longText().optional(),
    footer: longText().optional(),
  })
  .superRefine((req, ctx) => {
    req.items.forEach((item, i) => {
      if (item.tax_rate !== undefined && item.taxes !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['items', i, 'taxes'],
          message: 'cannot be combined with tax_rate: give tax_rate or taxes, not both',
          ...ruleParams('conflict'),
        });
      if (item.discount !== undefined && item.discount_type === 'percent' && item.discount > 100)
        ctx.addIssue({
          code: 'custom',
          path: ['items', i, 'discount'],
          message: 'must be at most 100 when discount_type is percent',
          ...ruleParams('maximum'),
        });
    });
    if (req.global_tax !== undefined && req.global_taxes !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['global_taxes'],
        message: 'cannot be combined with global_tax: give global_tax or global_taxes, not both',
        ...ruleParams('conflict'),
      });
    if (req.global_discount !== undefined && req.global_discount_type === 'percent' && req.global_discount > 100)
      ctx.addIssue({
        code: 'custom',
        path: ['global_discount'],
        message: 'must be at most 100 when global_discount_type is percent',
        ...ruleParams('maximum'),
      });
    const { date, due_date } = req.invoice;
    if (date && due_date && due_date < date)
      ctx.addIssue({
        code: 'custom',
        path: ['invoice', 'due_date'],
        message: `must not be before invoice.date (${date})`,
        ...ruleParams('order'),
      });
    for (const { rule, ...issue } of invoiceReferenceIssues(req.invoice))
      ctx.addIssue({ code: 'custom', ...issue, ...ruleParams(rule) });
    for (const { rule, ...issue } of profileRequestIssues(req))
      ctx.addIssue({ code: 'custom', ...issue, ...ruleParams(rule) });
    for (const { rule, ...issue } of paymentCodeIssues(req))
      ctx.addIssue({ code: 'custom', ...issue, ...ruleParams(rule) });
  })
  .meta({ id: 'InvoiceRequest' });

/** The parsed, canonical request with defaults applied. */
export type InvoiceRequest = z.output<typeof InvoiceRequestSchema>;
/** What a client may send in canonical form. */
export type InvoiceRequestInput = z.input<typeof InvoiceRequestSchema>;
export type Party = z.output<typeof PartySchema>;
export type ShipTo = z.output<typeof ShipToSchema>;
export type LineItem = z.output<typeof LineItemSchema>;
export type TaxComponent = z.output<typeof TaxComponentSchema>;
export type Payment = z.output<typeof PaymentSchema>;
export type InvoiceMeta = z.output<typeof InvoiceMetaSchema>;
