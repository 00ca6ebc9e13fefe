import { parseInvoiceRequest, type ResolvedInvoice, resolveInvoice, SPEC_CURRENCY_CODES } from '@invoice/model';

/**
 * The broad set of invoices the UBL tests run on, built as raw request bodies and resolved through the
 * real parser and calculator (D1), so the UBL is always checked against the JSON arithmetic.
 */
export interface InvoiceCase {
  name: string;
  /** Some line has several tax components: EN 16931 has one rate per line, so BR-S-08 cannot hold (docs/ubl.md). */
  multiComponent: boolean;
  resolved: ResolvedInvoice;
}

type Raw = Record<string, unknown>;

const SPECIAL = `<&>"' ]]> --> <!-- &amp; &#x26;`;
const UNICODE = 'Ünïcødé 日本語 中文 한국어 العربية हिन्दी Ελληνικά Русский 👩‍💻 €£¥ \u00a0';

function party(name: string, extra: Raw = {}): Raw {
  return {
    name,
    address: 'Keizersgracht 1\n1015 CJ Amsterdam\nNetherlands',
    email: `${name.toLowerCase().replace(/\W/g, '')}@example.com`,
    tax_id: 'NL123456789B01',
    ...extra,
  };
}

function base(currency: string, extra: Raw = {}): Raw {
  return {
    from: party('Seller BV', {
      phone: '+31 20 123 4567',
      website: 'https://seller.example',
      registration_no: 'KVK 12345678',
    }),
    to: party('Buyer GmbH', { address: 'Unter den Linden 1\n10117 Berlin\nGermany', tax_id: 'DE123456789' }),
    invoice: { number: `INV-${currency}-1`, date: '2025-03-14', due_date: '2025-04-13', currency },
    items: [
      { description: 'Consulting', quantity: 7.5, unit: 'hours', unit_price: 95.5 },
      { description: 'Licence', quantity: 3, unit: 'pcs', unit_price: 19.99, discount: 15 },
    ],
    ...extra,
  };
}

/** A deterministic PRNG (mulberry32): the random invoices are the same on every run. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomInvoice(seed: number): Raw {
  const r = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const money = (max: number, places = 2) => Number((r() * max).toFixed(places));
  const rates = [0, 5, 7, 7.7, 9, 10, 12.5, 19, 20, 21, 25];
  const currency = pick(SPEC_CURRENCY_CODES);
  const items = Array.from({ length: 1 + Math.floor(r() * 12) }, (_, i) => {
    const item: Raw = {
      description: `Item ${i}`,
      quantity: pick([1, 2, 3, 0.5, 1.25, 10, 7.333]),
      unit: pick(['h', 'days', 'kg', 'Stück', 'box', undefined]),
      unit_price: money(500, pick([0, 2, 3, 6])),
    };
    const tax = r();
    if (tax < 0.3) item.tax_rate = pick(rates);
    else if (tax < 0.4)
      item.taxes = [
        { name: 'State', rate: pick([5, 6, 7]) },
        { name: 'Central', rate: pick([5, 9]) },
      ];
    const gross = (item.quantity as number) * (item.unit_price as number); // only to pick a valid amount discount
    if (r() < 0.3)
      Object.assign(
        item,
        r() < 0.5
          ? { discount: pick([5, 10, 33.333, 100]), discount_type: 'percent' }
          : { discount: Math.floor(gross * 25) / 100, discount_type: 'amount' },
      );
    return item;
  });
  const extra: Raw = { items, rounding: pick(['none', 'none', 'nearest', 'up', 'down']) };
  if (r() < 0.5) extra.global_tax = pick(rates);
  if (r() < 0.4) extra.global_discount = pick([2.5, 10, 50]);
  if (r() < 0.4) extra.shipping = money(40);
  if (r() < 0.3) extra.deposit = money(100);
  if (r() < 0.3) extra.amount_paid = money(300);
  return base(currency, {
    ...extra,
    invoice: { number: `INV-R${seed}`, date: '2025-01-31', currency, tax_inclusive: r() < 0.35 },
  });
}

function everyTextField(text: string): Raw {
  const p = (n: string) => ({
    name: `${n} ${text}`,
    address: `${text} 1\n${text} 2\n${text} 3\n${text} 4\n${text}`,
    street: text,
    postal_code: text,
    city: text,
    state: text,
    email: `${text}@x`,
    phone: text,
    tax_id: text,
    registration_no: text,
    website: text,
  });
  return {
    from: p('From'),
    to: p('To'),
    ship_to: { name: text, address: `${text}, ${text}`, city: text },
    invoice: {
      number: `N ${text}`,
      date: '2025-06-30',
      due_date: '2025-07-30',
      po_number: text,
      terms: text,
      title: text,
      currency: 'EUR',
    },
    items: [
      { description: text, quantity: 2, unit: text, unit_price: 10, tax_rate: 10 },
      { description: `${text}\nsecond line`, quantity: 1, unit_price: 5, taxes: [{ name: text, rate: 5 }] },
    ],
    shipping: 3,
    shipping_label: text,
    global_discount: 10,
    payment: {
      pay_to: text,
      bank_name: text,
      account_name: text,
      account_number: text,
      routing_number: text,
      iban: text,
      swift: text,
      instructions: text,
      method_note: text,
    },
    notes: text,
    refund_policy: text,
    footer: text,
  };
}

const line = (description: string, extra: Raw = {}): Raw => ({ description, quantity: 2, unit_price: 49.95, ...extra });

const NAMED: Record<string, Raw> = {
  'single rate (global_tax)': base('EUR', { global_tax: 21 }),
  'multi-rate lines': base('EUR', {
    items: [line('A', { tax_rate: 21 }), line('B', { tax_rate: 9 }), line('C', { tax_rate: 21, unit_price: 0.07 })],
  }),
  'same rate, different names': base('EUR', {
    items: [
      line('A', { tax_rate: 10 }),
      line('B', { taxes: [{ name: 'GST', rate: 10 }] }),
      line('C', { tax_rate: 10 }),
    ],
  }),
  'multi-component line taxes': base('INR', {
    items: [
      line('A', {
        taxes: [
          { name: 'CGST', rate: 9 },
          { name: 'SGST', rate: 9 },
        ],
      }),
      line('B', { taxes: [{ name: 'IGST', rate: 18 }] }),
    ],
  }),
  'multi-component global taxes': base('CAD', {
    global_taxes: [
      { name: 'GST', rate: 5 },
      { name: 'PST', rate: 7 },
    ],
    global_discount: 5,
    shipping: 12,
  }),
  'zero-rate': base('GBP', { global_tax: 0 }),
  'untaxed (no tax at all)': base('USD', { shipping: 10, global_discount: 20, global_discount_type: 'amount' }),
  'mixed taxed, zero and untaxed': base('EUR', {
    items: [line('A', { tax_rate: 20 }), line('B', { tax_rate: 0 }), line('C'), line('D', { tax_rate: 5.5 })],
    global_discount: 7,
    shipping: 4.95,
  }),
  'line discounts percent and amount': base('EUR', {
    global_tax: 19,
    items: [
      line('A', { discount: 12.5 }),
      line('B', { discount: 10, discount_type: 'amount' }),
      line('C', { discount: 100 }),
    ],
  }),
  'global percent discount': base('EUR', { global_tax: 19, global_discount: 12.5 }),
  'global amount discount': base('EUR', { global_tax: 19, global_discount: 100, global_discount_type: 'amount' }),
  shipping: base('EUR', { global_tax: 19, shipping: 9.99, shipping_label: 'Freight & handling' }),
  deposit: base('EUR', { global_tax: 19, deposit: 100 }),
  amount_paid: base('EUR', { global_tax: 19, amount_paid: 250.5 }),
  'deposit and amount_paid over the total': base('EUR', { global_tax: 19, deposit: 1000, amount_paid: 1000 }),
  'rounding nearest': base('CHF', { global_tax: 7.7, rounding: 'nearest' }),
  'rounding up': base('CHF', { global_tax: 7.7, rounding: 'up' }),
  'rounding down': base('CHF', { global_tax: 7.7, rounding: 'down', deposit: 10 }),
  'rounding nearest JPY': base('JPY', {
    global_tax: 10,
    rounding: 'nearest',
    items: [line('A', { unit_price: 1234.5 })],
  }),
  'tax-inclusive single rate': base('EUR', {
    global_tax: 21,
    invoice: { number: 'TI-1', date: '2025-03-14', currency: 'EUR', tax_inclusive: true },
  }),
  'tax-inclusive multi-rate with discounts and shipping': base('EUR', {
    items: [
      line('A', { tax_rate: 21, discount: 10 }),
      line('B', { tax_rate: 9 }),
      line('C', { tax_rate: 0 }),
      line('D'),
    ],
    global_discount: 15,
    shipping: 6.5,
    deposit: 20,
    rounding: 'nearest',
    invoice: { number: 'TI-2', date: '2025-03-14', currency: 'EUR', tax_inclusive: true },
  }),
  'tax-inclusive multi-component': base('AUD', {
    global_taxes: [
      { name: 'A', rate: 5 },
      { name: 'B', rate: 7.5 },
    ],
    global_discount: 3,
    invoice: { number: 'TI-3', date: '2025-03-14', currency: 'AUD', tax_inclusive: true },
  }),
  'tax-inclusive KRW': base('KRW', {
    global_tax: 10,
    items: [line('A', { unit_price: 33000 }), line('B', { unit_price: 1990, quantity: 3 })],
    invoice: { number: 'TI-4', date: '2025-03-14', currency: 'KRW', tax_inclusive: true },
  }),
  '100 items': base('SEK', {
    global_tax: 25,
    global_discount: 3,
    shipping: 49,
    items: Array.from({ length: 100 }, (_, i) =>
      line(`Item ${i}`, {
        quantity: (i % 7) + 1,
        unit_price: Number((0.01 + i * 1.37).toFixed(2)),
        unit: ['hours', 'day', 'kg', 'm', 'l', 'pcs', 'month'][i % 7],
        ...(i % 5 === 0 ? { tax_rate: 12 } : {}),
        ...(i % 3 === 0 ? { discount: 5 } : {}),
      }),
    ),
  }),
  'unicode in every field': everyTextField(UNICODE),
  'XML-special characters in every field': everyTextField(SPECIAL),
  'control characters and lone surrogates': everyTextField(
    'bell\u0007 vt\u000b cr\r lf\n tab\t nul\u0000 lone\ud800 end\uffff',
  ),
  'minimal request': {
    from: { name: 'A' },
    to: { name: 'B' },
    items: [{ description: 'x', quantity: 1, unit_price: 1 }],
    invoice: { number: 'M-1', date: '2025-01-01' },
  },
  'quantities and prices with 6 decimals, zero quantity': base('EUR', {
    global_tax: 19,
    items: [
      line('A', { quantity: 0.000001, unit_price: 999999.999999 }),
      line('B', { quantity: 0 }),
      line('C', { quantity: 1234567.123456, unit_price: 0.000123 }),
    ],
  }),
  'payment without IBAN': base('USD', {
    global_tax: 8.25,
    payment: {
      account_number: '000123456789',
      routing_number: '026009593',
      bank_name: 'Bank of Example',
      account_name: 'Seller Inc',
      pay_to: 'Seller Inc',
      instructions: 'ACH only',
    },
  }),
  'payment with IBAN and SWIFT': base('EUR', {
    global_tax: 21,
    payment: {
      iban: 'NL91ABNA0417164300',
      swift: 'ABNANL2A',
      account_name: 'Seller BV',
      account_number: '417164300',
      method_note: 'Paid by card',
    },
  }),
  'payment notes only': base('EUR', { global_tax: 21, payment: { instructions: 'Cash on delivery' } }),
  'ship_to, po_number, notes, terms': base('EUR', {
    global_tax: 21,
    ship_to: { name: 'Warehouse 3', address: 'Dock 5, Rotterdam, Netherlands' },
    notes: 'Thank you',
    refund_policy: '30 days',
    footer: 'Seller BV · KVK',
    invoice: { number: 'S-1', date: '2025-03-14', po_number: 'PO-42', terms: 'Net 30', currency: 'EUR' },
  }),
  'structured addresses only (no free text)': base('EUR', {
    global_tax: 21,
    from: {
      name: 'Seller BV',
      street: 'Keizersgracht 1',
      postal_code: '1015 CJ',
      city: 'Amsterdam',
      state: 'Noord-Holland',
      country: 'NL',
      tax_id: 'NL123456789B01',
    },
    to: { name: 'Buyer Inc', street: '1 Main St', postal_code: '10001', city: 'New York', state: 'NY', country: 'US' },
    ship_to: { name: 'Warehouse', street: 'Dock 5', postal_code: '3011', city: 'Rotterdam', country: 'NL' },
  }),
  'structured country beside free text that names none': base('EUR', {
    global_tax: 19,
    from: { name: 'Verkäufer GmbH', address: 'Hauptstraße 1\n10115 Berlin', country: 'de', tax_id: 'DE123456789' },
    to: { name: 'Acheteur SA', address: '1 rue de la Paix\n75002 Paris', country: 'FR', tax_id: 'FR12345678901' },
    ship_to: { name: 'Entrepôt', address: 'Quai 3\n69002 Lyon', country: 'FR' },
  }),
  'country only, no address text': base('CHF', {
    global_tax: 7.7,
    from: { name: 'Seller AG', country: 'CH', tax_id: 'CHE-123.456.789', registration_no: 'CHE-123.456.789' },
    to: { name: 'Buyer', country: 'AT' },
    ship_to: { country: 'AT' },
  }),
  'credit note correcting an invoice (BG-3), buyer and order references, IBAN, due date': base('EUR', {
    global_tax: 21,
    global_discount: 5,
    shipping: 7.5,
    payment: { iban: 'NL91ABNA0417164300', swift: 'ABNANL2A', account_name: 'Seller BV' },
    invoice: {
      type: 'credit_note',
      number: 'CN-2025-7',
      date: '2025-03-20',
      due_date: '2025-04-19',
      original_number: 'INV-EUR-1',
      original_date: '2025-03-14',
      buyer_reference: '04011000-12345-34',
      po_number: 'PO-42',
      currency: 'EUR',
    },
  }),
  'credit note without a reference: tax-inclusive, mixed rates, line discounts, deposit': base('GBP', {
    items: [
      line('Returned goods', { quantity: 2, unit_price: 120, tax_rate: 20, discount: 10 }),
      line('Zero-rated book', { unit_price: 15.99, tax_rate: 0 }),
      line('Untaxed fee', { unit_price: 5 }),
    ],
    deposit: 20,
    invoice: { type: 'credit_note', number: 'CN-GBP-1', date: '2025-03-14', currency: 'GBP', tax_inclusive: true },
  }),
  'credit note in JPY with rounding, a due date and no payment block': base('JPY', {
    global_tax: 10,
    rounding: 'nearest',
    items: [line('Refund', { unit_price: 12345, quantity: 3 })],
    invoice: {
      type: 'credit_note',
      number: 'CN-JPY-1',
      date: '2025-03-14',
      due_date: '2025-03-31',
      originalNumber: 'INV-JPY-1',
      currency: 'JPY',
    },
  }),
  'credit note without any tax, account number only': base('USD', {
    payment: { account_number: '000123456789', routing_number: '021000021', account_name: 'Seller Inc' },
    invoice: { type: 'credit_note', number: 'CN-USD-1', date: '2025-03-14', original_number: 'INV-USD-1' },
  }),
  'camelCase input': {
    from: { name: 'A' },
    to: { name: 'B' },
    items: [{ description: 'x', quantity: 2, unitPrice: 10, taxRate: 20 }],
    globalDiscount: 10,
    invoice: { number: 'C-1', date: '2025-01-01' },
  },
};

function resolve(raw: Raw): ResolvedInvoice {
  const parsed = parseInvoiceRequest(raw);
  if (!parsed.ok) throw new Error(`invalid test request: ${parsed.error.message}`);
  return resolveInvoice(parsed.value, { today: '2025-01-01', randomBytes: new Uint8Array(16) });
}

function isMultiComponent(resolved: ResolvedInvoice): boolean {
  return resolved.totals.lines.some((l) => l.taxes.length > 1);
}

export function buildInvoiceCases(randomCount = 60): InvoiceCase[] {
  const raws: [string, Raw][] = [
    ...SPEC_CURRENCY_CODES.map((c, i): [string, Raw] => [
      `currency ${c}`,
      base(c, {
        global_tax: [20, 10, 7.7, 19][i % 4],
        global_discount: 10,
        shipping: 15,
        deposit: 50,
        ...(c === 'JPY' || c === 'KRW'
          ? { items: [line('A', { unit_price: 12345 }), line('B', { unit_price: 999, quantity: 3 })] }
          : {}),
      }),
    ]),
    ...Object.entries(NAMED),
    ...Array.from({ length: randomCount }, (_, i): [string, Raw] => [`random #${i + 1}`, randomInvoice(1000 + i)]),
  ];
  return raws.map(([name, raw]) => {
    const resolved = resolve(raw);
    return { name, multiComponent: isMultiComponent(resolved), resolved };
  });
}

/**
 * The random invoice whose tax breakdown holds a category with a zero taxable amount (its rate's only line
 * is discounted by 100 %): the one shape the random invoices add to the named cases.
 */
const ZERO_TAXABLE_CASE = 'random #24';

/**
 * The corpus the official validators (the CEN Schematron for UBL and CII, the Factur-X rules) run on: each
 * shape of buildInvoiceCases() once, since a document costs them about 0.2 s.
 * - every named case: each was written for one shape (a tax shape, a currency class, a document type, an
 *   optional block, a text hazard);
 * - ZERO_TAXABLE_CASE;
 * - `currency X` for each supported currency no case above is written in, so the rules' ISO 4217 code lists
 *   (BR-CL-03, BR-CL-04) meet every currency the service accepts.
 * Left out: the other random invoices and currency cases, which repeat those shapes with other amounts. Their
 * arithmetic stays checked over the whole corpus by the hand-written rule checks (en16931-business-rules.test.ts)
 * and the CII = UBL comparison (cii-amounts.test.ts); corpus-shapes.ts shows no shape of the whole corpus is missing here.
 */
export function representativeCases(cases: readonly InvoiceCase[] = buildInvoiceCases()): InvoiceCase[] {
  const shapes = cases.filter((c) => Object.hasOwn(NAMED, c.name) || c.name === ZERO_TAXABLE_CASE);
  const currencies = new Set(shapes.map((c) => c.resolved.totals.currency));
  const codes = cases.filter((c) => /^currency /.test(c.name) && !currencies.has(c.resolved.totals.currency));
  return [...shapes, ...codes];
}
