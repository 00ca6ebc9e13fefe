// The flat request of POST /api/render (spec: Legacy render interface resources; D11), declared once:
// it validates the body, types the handler and is published in /openapi.json. The spec lists every
// field, so any other key is refused by name (issue 21, decision V1); an empty string or null in an
// optional field counts as not given (legacy-request-cleanup.ts), so older clients that send every key
// keep working.
import {
  calendarDate,
  LIMITS,
  longText,
  requiredName,
  ruleParams,
  SPEC_CURRENCY_CODES,
  shortText,
} from '@invoice/model';
import { LEGACY_TEMPLATE_NAMES } from '@invoice/pdf';
import { z } from 'zod';

/** The eight legacy languages; `ar-e` is Arabic with Eastern Arabic digits (D11). */
export const LEGACY_LANGUAGES = ['de', 'en', 'ar', 'ar-e', 'fr', 'es', 'hi', 'pt'] as const;

/** The label keys `customLabels` may override (D11). */
const LEGACY_LABEL_KEYS = [
  'invoice',
  'invoice_no',
  'date',
  'due_date',
  'po',
  'bill_to',
  'ship_to',
  'description',
  'quantity',
  'rate',
  'discount',
  'tax',
  'amount',
  'subtotal',
  'total',
  'notes',
  'terms',
  'refund_policy',
  'page',
] as const;
export type LegacyLabelKey = (typeof LEGACY_LABEL_KEYS)[number];

const NUMERIC_TEXT = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)\s*$/;
const NUMERIC_RULE = 'must be a number or a numeric string with a dot decimal separator (e.g. 12.5 or "12.50")';

/** D11: a number, or a numeric string with a dot decimal separator (`"12.50"`); bounds as the model's. */
function legacyNumber(min: number, max: number) {
  const between = `must be between ${min} and ${max}`;
  return z
    .union([z.number(), z.string().regex(NUMERIC_TEXT, { message: NUMERIC_RULE })], {
      error: (iss) => (iss.input === undefined ? 'is required' : NUMERIC_RULE),
    })
    .transform((v) => (typeof v === 'number' ? v : Number(v)))
    .pipe(z.number().min(min, { message: between }).max(max, { message: between }));
}

const legacyText = (max: number) =>
  z.string({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be a string') }).max(max, {
    message: `must be at most ${max} characters`,
  });

const LegacyRowSchema = z
  .strictObject({
    desc: requiredName().meta({ description: 'Item description.' }),
    qty: legacyNumber(0, LIMITS.maxQuantity).meta({ description: 'Quantity (number or numeric string).' }),
    rate: legacyNumber(0, LIMITS.maxUnitPrice).meta({ description: 'Unit price (number or numeric string).' }),
    disc: legacyNumber(0, 100).optional().meta({ description: 'Discount in percent of the line.' }),
    tax: legacyNumber(0, 100).optional().meta({ description: 'Tax rate in percent.' }),
  })
  .meta({ id: 'LegacyRow' });

const ImageText = legacyText(4_000_000).meta({
  description: 'Base64 PNG or JPEG, with or without a `data:image/…;base64,` prefix; at most 2.5 MB decoded.',
});

export const LegacyRenderRequestSchema = z
  .strictObject({
    title: requiredName().meta({ description: 'The business name (the seller).' }),
    invno: requiredName().meta({ description: 'Invoice number.' }),
    date: calendarDate().meta({ description: 'Invoice date, YYYY-MM-DD.' }),
    to: legacyText(LIMITS.maxLongText)
      .refine((s) => s.trim().length > 0, { message: 'is required and must not be empty', ...ruleParams('not_empty') })
      .meta({ description: 'The customer: first line the name, further lines the address.' }),
    currency: z.enum(SPEC_CURRENCY_CODES, { error: `must be one of ${SPEC_CURRENCY_CODES.join(', ')}` }),
    lang: z.enum(LEGACY_LANGUAGES, { error: `must be one of ${LEGACY_LANGUAGES.join(', ')}` }),
    template: z.enum(LEGACY_TEMPLATE_NAMES, { error: `must be one of ${LEGACY_TEMPLATE_NAMES.join(', ')}` }),
    rows: z
      .array(LegacyRowSchema, { error: 'is required and must be an array of rows' })
      .min(1, { message: 'must have at least 1 row' })
      .max(LIMITS.maxItems, { message: `must have at most ${LIMITS.maxItems} rows` }),
    due: calendarDate().optional().meta({ description: 'Due date, YYYY-MM-DD, not before `date`.' }),
    po: shortText().optional().meta({ description: 'Purchase order number.' }),
    terms: longText().optional().meta({ description: 'Payment terms.' }),
    ship: longText().optional().meta({ description: 'Delivery address: first line the recipient, then the address.' }),
    notes: longText().optional(),
    refund: longText().optional().meta({ description: 'Refund policy.' }),
    logo: ImageText.optional(),
    sig: ImageText.optional(),
    customLabels: z
      .partialRecord(
        z.enum(LEGACY_LANGUAGES, { error: `must be keyed by one of ${LEGACY_LANGUAGES.join(', ')}` }),
        // A key outside either enum is an unknown field listing the keys (L3): a misspelt label key would
        // otherwise print the built-in label with no hint.
        z.partialRecord(z.enum(LEGACY_LABEL_KEYS), shortText()),
      )
      .optional()
      .meta({
        description:
          'Label texts per language overriding the built-in ones: `{"en": {"bill_to": "Customer"}}`; only the entry of `lang` is used.',
      }),
  })
  .superRefine((req, ctx) => {
    if (req.due && req.due < req.date)
      ctx.addIssue({
        code: 'custom',
        path: ['due'],
        message: `must not be before date (${req.date})`,
        ...ruleParams('order'),
      });
  })
  .meta({ id: 'LegacyRenderRequest' });

export type LegacyRenderRequest = z.output<typeof LegacyRenderRequestSchema>;
