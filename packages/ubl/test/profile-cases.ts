// The e-invoice profile corpus (issue 22): requests under `peppol` and `xrechnung`, each with the fatal rule ids
// the official validators report on its document (Peppol BIS 3.0.21 with CEN 1.3.16; XRechnung 3.0.2 with CEN
// 1.3.15), confirmed by running them. A complete request has none. Shared by the UBL and CII tests.
import { parseInvoiceRequest, type ResolvedInvoice, resolveInvoice, SPEC_CURRENCY_CODES } from '@invoice/model';
import {
  BE_BUYER,
  BE_SELLER,
  DE_BUYER,
  DE_PEPPOL_SELLER,
  DE_PUBLIC_BUYER,
  DE_SELLER,
  LEITWEG_ID,
  NL_BUYER,
  NL_SELLER,
  NO_BUYER,
  NO_SELLER,
  SE_BUYER,
  SE_SELLER,
} from './profile-parties.ts';

type Raw = Record<string, unknown>;

export interface ProfileCase {
  name: string;
  profile: 'peppol' | 'xrechnung';
  body: Raw;
  /** The fatal rule ids of its UBL (sorted); empty for a complete request. */
  issues: string[];
  /** Those of its CII (xrechnung only), when they differ from the UBL's. */
  ciiIssues?: string[];
}

const SPECIAL = `<&>"' ]]> --> <!-- &amp; &#x26;`;
const UNICODE = 'Ünïcødé 日本語 한국어 العربية हिन्दी Ελληνικά Русский 👩‍💻 €£¥';

const line = (description: string, extra: Raw = {}): Raw => ({ description, quantity: 2, unit_price: 49.95, ...extra });
const IBAN = { iban: 'DE89370400440532013000', swift: 'COBADEFFXXX', account_name: 'Muster Software GmbH' };

/** A request body; a key set to undefined in `extra` is left out (a JSON body has no undefined). */
function request(from: Raw, to: Raw, invoice: Raw, extra: Raw = {}): Raw {
  const body: Raw = {
    from,
    to,
    invoice: { number: 'INV-2026-001', date: '2026-03-02', due_date: '2026-04-01', currency: 'EUR', ...invoice },
    items: [line('Consulting', { quantity: 7.5, unit: 'hours', unit_price: 95.5 }), line('Licence', { unit: 'pcs' })],
    global_tax: 21,
    payment: { iban: 'BE68539007547034', swift: 'BBRUBEBB' },
    ...extra,
  };
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
}

const peppol = (name: string, body: Raw, issues: string[] = []): ProfileCase => ({
  name,
  profile: 'peppol',
  body: { ...body, einvoice_profile: 'peppol' },
  issues,
});
const xrechnung = (name: string, body: Raw, issues: string[] = [], ciiIssues?: string[]): ProfileCase => ({
  name,
  profile: 'xrechnung',
  body: { ...body, einvoice_profile: 'xrechnung' },
  issues,
  ciiIssues,
});

const beToBe = (invoice: Raw = {}, extra: Raw = {}) =>
  request(BE_SELLER, BE_BUYER, { po_number: 'PO-77', ...invoice }, extra);
const deToDe = (invoice: Raw = {}, extra: Raw = {}) =>
  request(DE_PEPPOL_SELLER, DE_BUYER, { buyer_reference: 'BR-4711', ...invoice }, { payment: IBAN, ...extra });
const dePublic = (invoice: Raw = {}, extra: Raw = {}) =>
  request(
    DE_SELLER,
    DE_PUBLIC_BUYER,
    { buyer_reference: LEITWEG_ID, ...invoice },
    { global_tax: 19, payment: IBAN, ...extra },
  );

const MIXED: Raw = {
  items: [
    line('Design', { tax_rate: 21, discount: 12.5 }),
    line('Books', { tax_rate: 6, discount: 10, discount_type: 'amount' }),
    line('Export', { tax_rate: 0 }),
    line('Exempt fee', { quantity: 1, unit_price: 15 }),
  ],
  global_tax: undefined,
  global_discount: 5,
  shipping: 9.99,
  shipping_label: 'Transport & handling',
  deposit: 50,
  rounding: 'nearest',
};

/** Complete requests: every one has 0 fatal findings under its profile. */
const COMPLETE: ProfileCase[] = [
  peppol(
    'BE → BE, two rates, structured and free-text addresses',
    beToBe({}, { items: [line('A'), line('B', { tax_rate: 6 })] }),
  ),
  peppol('BE → BE, mixed categories, line and document discounts, shipping, deposit, rounding', beToBe({}, MIXED)),
  peppol(
    'BE → NL credit note correcting an invoice, tax-inclusive',
    request(BE_SELLER, NL_BUYER, {
      type: 'credit_note',
      original_number: 'INV-2026-000',
      buyer_reference: 'NL-REF',
      tax_inclusive: true,
    }),
  ),
  peppol(
    'NL → NL, KvK numbers, IBAN',
    request(NL_SELLER, NL_BUYER, { po_number: 'PO-1' }, { payment: { iban: 'NL91ABNA0417164300' } }),
  ),
  peppol(
    'NL → BE credit note naming the invoice',
    request(NL_SELLER, BE_BUYER, { type: 'credit_note', original_number: 'INV-2026-000', po_number: 'PO-1' }),
  ),
  peppol(
    'NO → NO in NOK, 25 % and 15 %, deposit, rounding',
    request(
      NO_SELLER,
      NO_BUYER,
      { currency: 'NOK', buyer_reference: 'Ref 12' },
      {
        global_tax: undefined,
        items: [line('Rådgivning', { tax_rate: 25 }), line('Mat', { tax_rate: 15 })],
        deposit: 100,
        rounding: 'nearest',
        payment: { account_number: '12345678903', account_name: 'Fjord Consulting AS' },
      },
    ),
  ),
  peppol(
    'SE → SE in SEK, 25/12/6 %, shipping',
    request(
      SE_SELLER,
      SE_BUYER,
      { currency: 'SEK', buyer_reference: 'Att: Ekonomi' },
      {
        global_tax: undefined,
        items: [line('Tjänst', { tax_rate: 25 }), line('Livsmedel', { tax_rate: 12 }), line('Bok', { tax_rate: 6 })],
        shipping: 49,
        payment: { iban: 'SE4550000000058398257466' },
      },
    ),
  ),
  peppol(
    'DE → DE B2B, 19 % and 7 %, three notes',
    deToDe(
      {},
      {
        global_tax: 19,
        items: [line('Entwicklung'), line('Fachbuch', { tax_rate: 7 })],
        notes: 'Vielen Dank',
        refund_policy: '14 Tage Rückgabe',
        footer: 'Muster Software GmbH · HRB 123456 B',
      },
    ),
  ),
  peppol(
    'DE → DE B2B credit note',
    deToDe({ type: 'credit_note', original_number: 'RE-2026-000' }, { global_tax: 19 }),
  ),
  peppol('DE → DE B2B untaxed (category O)', deToDe({}, { global_tax: undefined })),
  peppol(
    'BE → BE in JPY: fractional quantities, a percent discount',
    beToBe(
      { currency: 'JPY' },
      {
        items: [
          line('A', { quantity: 1.25, unit_price: 478 }),
          line('B', { quantity: 3, unit_price: 1809, discount: 15 }),
        ],
        global_tax: 10,
      },
    ),
  ),
  peppol(
    'BE → BE in KRW, tax-inclusive',
    beToBe(
      { currency: 'KRW', tax_inclusive: true },
      {
        items: [line('A', { unit_price: 33000 }), line('B', { unit_price: 1990, quantity: 3, discount: 7 })],
        global_tax: 10,
      },
    ),
  ),
  peppol(
    'BE → BE, Unicode and XML-special text',
    beToBe(
      { po_number: `PO ${SPECIAL}` },
      {
        items: [line(UNICODE), line(SPECIAL)],
        notes: UNICODE,
        footer: SPECIAL,
        shipping: 4,
        shipping_label: SPECIAL,
        from: { ...BE_SELLER, name: `${BE_SELLER.name} ${UNICODE}` },
      },
    ),
  ),
  ...SPEC_CURRENCY_CODES.map((currency) =>
    peppol(`BE → BE in ${currency}`, beToBe({ currency }, { global_discount: 3, shipping: 7 })),
  ),
  // Tax shapes and currencies beyond the ones above (audit of issue 22): multi-component line taxes, two global
  // components, amount_paid, and ISO currencies outside the spec's 21 (0-decimal ISK, VND, XOF).
  peppol(
    'BE → BE, two tax components on a line, amount_paid',
    beToBe(
      {},
      {
        global_tax: undefined,
        items: [
          line('A', {
            taxes: [
              { name: 'VAT', rate: 21 },
              { name: 'Levy', rate: 6 },
            ],
          }),
          line('B', { tax_rate: 6 }),
        ],
        amount_paid: 50,
      },
    ),
  ),
  peppol(
    'BE → BE, two global tax components, a discount and shipping',
    beToBe(
      {},
      {
        global_tax: undefined,
        global_taxes: [
          { name: 'VAT', rate: 21 },
          { name: 'Levy', rate: 2.5 },
        ],
        global_discount: 5,
        shipping: 12,
      },
    ),
  ),
  ...['ISK', 'VND', 'XOF'].map((currency) =>
    peppol(`BE → BE in ${currency} (ISO, not in the spec's list)`, beToBe({ currency }, { shipping: 700 })),
  ),
  xrechnung('DE public buyer, EM derived from the seller e-mail, free-text post code', dePublic()),
  xrechnung(
    'DE public buyer, two tax components on a line, amount_paid',
    dePublic(
      {},
      {
        global_tax: undefined,
        items: [
          line('A', {
            taxes: [
              { name: 'USt', rate: 19 },
              { name: 'Abgabe', rate: 3 },
            ],
          }),
          line('B', { tax_rate: 7 }),
        ],
        amount_paid: 80,
      },
    ),
  ),
  xrechnung(
    'DE public buyer, two global tax components, a deposit',
    dePublic(
      {},
      {
        global_tax: undefined,
        global_taxes: [
          { name: 'USt', rate: 19 },
          { name: 'Abgabe', rate: 1.5 },
        ],
        deposit: 40,
      },
    ),
  ),
  ...['SEK', 'ISK', 'CHF'].map((currency) =>
    xrechnung(`DE public buyer in ${currency}`, dePublic({ currency }, { shipping: 25 })),
  ),
  xrechnung(
    'DE public buyer credit note, tax-inclusive, mixed rates',
    dePublic(
      { type: 'credit_note', original_number: 'RE-2026-000', tax_inclusive: true },
      { global_tax: undefined, items: [line('A', { tax_rate: 19 }), line('B', { tax_rate: 7 })] },
    ),
  ),
  xrechnung('DE public buyer, mixed categories, discounts, shipping, deposit, rounding', dePublic({}, MIXED)),
  xrechnung('DE public buyer untaxed (category O, rate 0 in the breakdown)', dePublic({}, { global_tax: undefined })),
  xrechnung(
    'NL seller to a German public buyer, Dutch post code split off',
    request({ ...NL_SELLER, contact_name: 'Jan de Vries', phone: '+31 20 555 0000' }, DE_PUBLIC_BUYER, {
      buyer_reference: LEITWEG_ID,
    }),
  ),
  xrechnung('DE public buyer with Skonto terms', dePublic({ terms: '#SKONTO#TAGE=14#PROZENT=2.00#\n' })),
  xrechnung(
    'DE public buyer in JPY, percent discount',
    dePublic({ currency: 'JPY' }, { items: [line('A', { quantity: 1.25, unit_price: 478, discount: 15 })] }),
  ),
  xrechnung(
    'DE public buyer, Unicode and XML-special text, ship_to',
    dePublic(
      { terms: SPECIAL },
      {
        items: [line(UNICODE), line(SPECIAL)],
        notes: UNICODE,
        footer: SPECIAL,
        ship_to: { name: SPECIAL, address: `${SPECIAL}\n10115 Berlin`, country: 'DE' },
      },
    ),
  ),
];

const omit = (party: Raw, ...keys: string[]) =>
  Object.fromEntries(Object.entries(party).filter(([k]) => !keys.includes(k)));

/** The request the issue measured: e-mails, a PO number, no phone, contact name, buyer reference or endpoints. */
const AS_MEASURED = request(
  omit(DE_SELLER, 'phone', 'contact_name'),
  { ...omit(DE_PUBLIC_BUYER, 'electronic_address'), email: 'eingang@bfb.example', tax_id: 'DE987654321' },
  { po_number: 'PO-4711' },
  { global_tax: 19, payment: IBAN },
);
const MINIMAL: Raw = {
  from: { name: 'A' },
  to: { name: 'B' },
  items: [line('x')],
  invoice: { number: 'M-1', date: '2026-03-02' },
};
const DK_SELLER: Raw = {
  name: 'Dansk Design ApS',
  street: 'Strøget 1',
  postal_code: '1160',
  city: 'København',
  country: 'DK',
  tax_id: 'DK12345678',
  electronic_address: { scheme: '0184', id: 'DK12345678' },
};
const DK_BUYER: Raw = {
  name: 'Kunde A/S',
  street: 'Havnegade 2',
  postal_code: '5000',
  city: 'Odense',
  country: 'DK',
  registration_no: '87654321',
  electronic_address: { scheme: '0184', id: '87654321' },
};
const IT_SELLER: Raw = {
  name: 'Studio Rossi Srl',
  address: 'Via Roma 1\nMilano\nItalia',
  tax_id: 'RSSMRA80A01F205X',
  electronic_address: { scheme: '0211', id: 'IT12345678901' },
};
const IS_SELLER: Raw = {
  name: 'Hekla ehf',
  address: 'Laugavegur 1\nReykjavík',
  country: 'IS',
  tax_id: 'IS12345',
  electronic_address: { scheme: '0196', id: '5512345678' },
};
const GR_SELLER: Raw = {
  name: 'Ακρόπολη ΑΕ',
  street: 'Ερμού 10',
  postal_code: '105 63',
  city: 'Αθήνα',
  country: 'GR',
  tax_id: 'EL123456783',
  electronic_address: { scheme: '9933', id: '123456783' },
};
const GR_BUYER: Raw = {
  name: 'Πελάτης ΑΕ',
  street: 'Σταδίου 5',
  postal_code: '105 62',
  city: 'Αθήνα',
  country: 'GR',
  tax_id: 'EL094000000',
  electronic_address: { scheme: '0088', id: '7300010000001' },
};

/** Requests that miss data: the ids are what the validators report and what the prediction must name. */
const INCOMPLETE: ProfileCase[] = [
  peppol('the issue’s measured German B2G request', AS_MEASURED, [
    'DE-R-005',
    'DE-R-006',
    'DE-R-015',
    'PEPPOL-EN16931-R010',
    'PEPPOL-EN16931-R020',
  ]),
  xrechnung('the issue’s measured German B2G request (both e-mails become EM addresses)', AS_MEASURED, [
    'BR-DE-15',
    'BR-DE-5',
    'BR-DE-6',
  ]),
  peppol('names only', MINIMAL, [
    'BR-08',
    'BR-10',
    'BR-CO-26',
    'PEPPOL-EN16931-R003',
    'PEPPOL-EN16931-R010',
    'PEPPOL-EN16931-R020',
  ]),
  xrechnung(
    'names only',
    MINIMAL,
    [
      'BR-08',
      'BR-10',
      'BR-CO-25',
      'BR-CO-26',
      'BR-DE-1',
      'BR-DE-15',
      'BR-DE-2',
      'PEPPOL-EN16931-R010',
      'PEPPOL-EN16931-R020',
    ],
    [
      'BR-08',
      'BR-09',
      'BR-10',
      'BR-11',
      'BR-CO-25',
      'BR-CO-26',
      'BR-DE-1',
      'BR-DE-15',
      'BR-DE-2',
      'PEPPOL-EN16931-R010',
      'PEPPOL-EN16931-R020',
    ],
  ),
  peppol(
    'BE → BE without the buyer’s electronic address or any reference',
    beToBe({ po_number: undefined }, { to: omit(BE_BUYER, 'electronic_address') }),
    ['PEPPOL-EN16931-R003', 'PEPPOL-EN16931-R010'],
  ),
  peppol(
    'NL seller: KvK number without its scheme, a post code-less free-text address, no payment',
    request(
      {
        ...omit(NL_SELLER, 'registration_scheme'),
        registration_no: 'KVK 12345678',
        address: 'Keizersgracht 1\nAmsterdam\nNetherlands',
      },
      BE_BUYER,
      { po_number: 'PO-1' },
      { payment: undefined },
    ),
    ['NL-R-002', 'NL-R-003', 'NL-R-007'],
  ),
  peppol(
    'NL → NL paid by instructions only',
    request(NL_SELLER, NL_BUYER, { po_number: 'PO-1' }, { payment: { instructions: 'Contant' } }),
    ['NL-R-008'],
  ),
  peppol(
    'NL credit note without the invoice it corrects',
    request(NL_SELLER, BE_BUYER, { type: 'credit_note', po_number: 'PO-1' }),
    ['NL-R-001'],
  ),
  peppol(
    'SE seller: short VAT number, dashed organisation number, 21 %',
    request(
      { ...omit(SE_SELLER, 'registration_scheme'), tax_id: 'SE5560000001', registration_no: '556000-0001' },
      SE_BUYER,
      { currency: 'SEK', po_number: 'PO-1' },
    ),
    ['SE-R-001', 'SE-R-003', 'SE-R-004', 'SE-R-006', 'SE-R-013'],
  ),
  peppol(
    'SE seller, untaxed, a tax id that is no F-tax approval',
    request(
      { ...SE_SELLER, tax_id: 'SE556000000101' },
      SE_BUYER,
      { currency: 'SEK', po_number: 'PO-1' },
      { global_tax: undefined },
    ),
    ['SE-R-005'],
  ),
  peppol(
    'NO seller: VAT number without MVA',
    request({ ...NO_SELLER, tax_id: 'NO923609016' }, NO_BUYER, { currency: 'NOK', po_number: 'PO-1' }),
    ['NO-R-001'],
  ),
  peppol(
    'DK seller without CVR number to a DK buyer, account number only',
    request(
      DK_SELLER,
      DK_BUYER,
      { currency: 'DKK', po_number: 'PO-1' },
      { global_tax: 25, payment: { account_number: '1234 5678901' } },
    ),
    ['DK-R-002', 'DK-R-005', 'DK-R-017'],
  ),
  peppol(
    'DK seller with a CVR number of another scheme',
    request({ ...DK_SELLER, registration_no: '12345678', registration_scheme: '0060' }, BE_BUYER, {
      currency: 'DKK',
      po_number: 'PO-1',
    }),
    ['DK-R-014'],
  ),
  peppol(
    'IT seller: free-text address without post code, short tax code',
    request({ ...IT_SELLER, tax_id: '12345' }, BE_BUYER, { po_number: 'PO-1' }),
    ['BR-CO-26', 'IT-R-001', 'IT-R-004'],
  ),
  peppol(
    'IS seller without kennitala or post code',
    request(IS_SELLER, BE_BUYER, { currency: 'EUR', po_number: 'PO-1' }),
    ['IS-R-002', 'IS-R-003'],
  ),
  peppol(
    'GR → GR with a Greek invoice number (the MARK number cannot be written)',
    request(GR_SELLER, GR_BUYER, { number: '123456783|02/03/2026|1|1.1|A|17', po_number: 'PO-1' }, { global_tax: 24 }),
    ['GR-R-004-1', 'GR-R-010'],
  ),
  peppol(
    'GR seller with a plain invoice number',
    request(GR_SELLER, BE_BUYER, { po_number: 'PO-1' }, { global_tax: 24 }),
    ['GR-R-001-1', 'GR-R-001-2', 'GR-R-001-3', 'GR-R-001-4', 'GR-R-001-5', 'GR-R-001-6', 'GR-R-001-7', 'GR-R-004-1'],
  ),
  xrechnung('no seller contact at all', dePublic({}, { from: omit(DE_SELLER, 'phone', 'contact_name', 'email') }), [
    'BR-DE-2',
    'PEPPOL-EN16931-R020',
  ]),
  xrechnung(
    'seller address without a post code to split off',
    dePublic({}, { from: { ...DE_SELLER, address: 'Friedrichstraße 123\nBerlin' } }),
    ['BR-DE-4'],
  ),
  xrechnung(
    'ship_to without post code',
    dePublic({}, { ship_to: { name: 'Lager', street: 'Hafenweg 1', city: 'Hamburg', country: 'DE' } }),
    ['BR-DE-11'],
  ),
  xrechnung(
    'ship_to without country or post code',
    dePublic({}, { ship_to: { name: 'Lager', address: 'Hafenweg 1\nHamburg' } }),
    ['BR-57', 'BR-DE-11'],
    [],
  ),
  xrechnung('no payment block', dePublic({}, { payment: undefined }), ['BR-DE-1']),
  xrechnung(
    'credit note with a due date but no payment block',
    dePublic({ type: 'credit_note', original_number: 'RE-1' }, { payment: undefined }),
    [],
    ['BR-DE-1'],
  ),
  xrechnung('neither due date nor terms', dePublic({ due_date: undefined }), ['BR-CO-25']),
  xrechnung(
    'credit note with neither due date nor terms',
    dePublic({ type: 'credit_note', due_date: undefined, original_number: 'RE-1' }),
    [],
    ['BR-CO-25'],
  ),
  xrechnung(
    'terms with a line starting with # that is no Skonto',
    dePublic({ terms: '#1 priority: pay within 30 days' }),
    ['BR-DE-18'],
  ),
  xrechnung('seller without tax id', dePublic({}, { from: omit(DE_SELLER, 'tax_id') }), ['BR-DE-16', 'BR-S-02']),
  xrechnung(
    'seller e-mail that is no address, no electronic address',
    dePublic({}, { from: { ...DE_SELLER, email: 'rechnung at muster' } }),
    ['PEPPOL-EN16931-R020'],
  ),
];

export const PROFILE_CASES: ProfileCase[] = [...COMPLETE, ...INCOMPLETE];

/** A corpus request parsed and resolved on a fixed date. */
export function resolveProfileCase(body: Raw): ResolvedInvoice {
  const parsed = parseInvoiceRequest(body);
  if (!parsed.ok) throw new Error(`invalid profile case: ${parsed.error.message}`);
  return resolveInvoice(parsed.value, { today: '2026-03-02', randomBytes: new Uint8Array(16) });
}
