// Issue 23: the payment codes the service builds from the invoice, each read back as a banking app
// reads it (helpers/read-payment-payload.ts) and checked field by field against its standard.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emvCrcHolds,
  mod97Holds,
  readEmv,
  readEpc,
  readSwiss,
  readUpi,
  readZatca,
} from '../../../test/support/read-payment-payload.ts';
import {
  InvoiceValidationError,
  parseInvoiceRequest,
  paymentCodeOf,
  resolveInvoice,
  toInvoiceResponse,
} from '../src/index.ts';
import { referenceProblem } from '../src/payment-codes/creditor-reference.ts';
import { ibanProblem, sepaIbanProblem } from '../src/payment-codes/iban.ts';
import { buildZatcaPayload } from '../src/payment-codes/zatca-qr.ts';
import { checkQrValue } from '../src/payment-qr.ts';

const ctx = { today: '2026-03-01', randomBytes: new Uint8Array(8) };

function body(currency: string, qr: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const { payment, from, ...rest } = extra as { payment?: object; from?: object };
  return {
    from: { name: 'Müller & Söhne GmbH', city: 'São Paulo', tax_id: '310122393500003', ...from },
    to: { name: 'Buyer' },
    invoice: { number: 'INV-2026/07 A', date: '2026-03-01', currency },
    items: [{ description: 'Work', quantity: 1, unit_price: 100, tax_rate: 19 }],
    payment: {
      iban: 'DE89 3704 0044 0532 0130 00',
      swift: 'COBADEFFXXX',
      upi_id: 'shop.in@okbank',
      pix_key: 'pagamentos@example.com.br',
      qr,
      ...payment,
    },
    ...rest,
  };
}

function code(b: unknown) {
  const r = parseInvoiceRequest(b);
  if (!r.ok) throw new Error(r.error.message);
  const resolved = resolveInvoice(r.value, ctx);
  return { code: paymentCodeOf(resolved), resolved };
}

function refusal(b: unknown) {
  const r = parseInvoiceRequest(b);
  if (r.ok) throw new Error('expected a refusal');
  return r.error.details;
}

describe('issue 23: ISO 13616 IBAN and ISO 11649 creditor reference', () => {
  it('ISO 13616: mod 97 and the SEPA country list; spaces allowed', () => {
    expect(ibanProblem('DE89 3704 0044 0532 0130 00')).toBeNull();
    expect(ibanProblem('DE88370400440532013000')).toMatch(/check digit/);
    expect(ibanProblem('DE89')).toMatch(/must be an IBAN/);
    expect(sepaIbanProblem('GB29 NWBK 6016 1331 9268 19')).toBeNull();
    // Brazil has IBANs but is not in SEPA
    expect(sepaIbanProblem('BR1800360305000010009795493C1')).toMatch(/SEPA country \(BR/);
  });

  it('ISO 11649: RF + check digits + up to 21 characters, mod 97', () => {
    expect(referenceProblem('RF18 5390 0754 7034')).toBeNull();
    expect(referenceProblem('rf18539007547034')).toBeNull();
    expect(referenceProblem('RF19539007547034')).toMatch(/check digit/);
    expect(referenceProblem('210000000003139471430009017')).toMatch(/ISO 11649/);
  });
});

describe('issue 23: sepa (EPC069-12)', () => {
  it('EPC069-12: BCD/002/UTF-8/SCT, BIC, beneficiary, compact IBAN, EUR + balance due, unstructured remittance = invoice number', () => {
    const { code: c, resolved } = code(body('EUR', { type: 'sepa' }, { amount_paid: 19 }));
    const f = readEpc(c!.payload);
    expect(f).toMatchObject({
      serviceTag: 'BCD',
      version: '002',
      characterSet: '1',
      identification: 'SCT',
      bic: 'COBADEFFXXX',
      name: 'Müller & Söhne GmbH',
      iban: 'DE89370400440532013000',
      amount: 'EUR100.00',
      purpose: '',
      structuredReference: '',
      unstructuredRemittance: 'INV-2026/07 A',
    });
    expect(f.amount).toBe(`EUR${resolved.totals.balance_due.toFixed(2)}`);
    expect(mod97Holds(f.iban)).toBe(true);
    expect(f.bytes).toBeLessThanOrEqual(331);
    expect(checkQrValue('sepa', c!.payload)).toBeNull();
    expect(c!.manual).toMatchObject({ iban: 'DE89370400440532013000', reference: 'INV-2026/07 A', currency: 'EUR' });
  });

  it('EPC069-12: an RF reference goes in the structured field, the unstructured one stays empty; account_name is the beneficiary', () => {
    const { code: c } = code(
      body(
        'EUR',
        { type: 'sepa' },
        { payment: { reference: 'RF18 5390 0754 7034', account_name: 'M&S Konto', swift: undefined } },
      ),
    );
    const f = readEpc(c!.payload);
    expect(f.structuredReference).toBe('RF18539007547034');
    expect(f.unstructuredRemittance).toBe('');
    expect(f.bic).toBe('');
    expect(f.name).toBe('M&S Konto');
    expect(f.lineCount).toBe(10); // trailing empty lines left out
  });

  it('EPC069-12: EUR only, a checked IBAN, a beneficiary of at most 70 characters', () => {
    expect(refusal(body('USD', { type: 'sepa' }))).toEqual([
      { path: 'payment.qr', rule: 'conflict', message: 'type sepa needs invoice.currency EUR, not USD' },
    ]);
    expect(refusal(body('EUR', { type: 'sepa' }, { payment: { iban: 'DE88370400440532013000' } }))[0]).toMatchObject({
      path: 'payment.iban',
      rule: 'format',
    });
    expect(refusal(body('EUR', { type: 'sepa' }, { payment: { iban: undefined } }))[0]).toMatchObject({
      path: 'payment.iban',
      rule: 'required',
    });
    expect(refusal(body('EUR', { type: 'sepa' }, { from: { name: 'N'.repeat(71) } }))[0]).toMatchObject({
      path: 'from.name',
      rule: 'max_length',
    });
    expect(refusal(body('EUR', { type: 'sepa' }, { payment: { swift: 'NOTABIC' } }))[0]).toMatchObject({
      path: 'payment.swift',
      rule: 'format',
    });
  });

  it('EPC069-12: more than 331 bytes is a 400 naming payment.qr', () => {
    const r = parseInvoiceRequest(
      body(
        'EUR',
        { type: 'sepa' },
        { payment: { account_name: '€'.repeat(70) }, invoice: { number: '€'.repeat(60), currency: 'EUR' } },
      ),
    );
    if (!r.ok) throw new Error(r.error.message);
    expect(() => paymentCodeOf(resolveInvoice(r.value, ctx))).toThrow(/331/);
  });

  it('EPC069-12: the amount runs up to EUR 999999999.99; a cent more is a 400 maximum at payment.qr', () => {
    const items = (price: number) => [{ description: 'Work', quantity: 1, unit_price: price, tax_rate: 0 }];
    const { code: top } = code(body('EUR', { type: 'sepa' }, { items: items(999_999_999.99) }));
    expect(readEpc(top!.payload).amount).toBe('EUR999999999.99');
    const over = parseInvoiceRequest(body('EUR', { type: 'sepa' }, { items: items(1_000_000_000) }));
    if (!over.ok) throw new Error(over.error.message);
    let thrown: unknown;
    try {
      paymentCodeOf(resolveInvoice(over.value, ctx));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(InvoiceValidationError);
    expect((thrown as InvoiceValidationError).details).toEqual([
      { path: 'payment.qr', rule: 'maximum', message: expect.stringMatching(/at most EUR 999999999.99/) },
    ]);
  });
});

describe('issue 23: upi and pix', () => {
  it('UPI linking specification: pa, pn, am = balance due, cu=INR, tn = invoice number, percent-encoded', () => {
    const { code: c } = code(body('INR', { type: 'upi' }, { deposit: 20 }));
    expect(c!.payload).toBe(
      'upi://pay?pa=shop.in@okbank&pn=M%C3%BCller%20%26%20S%C3%B6hne%20GmbH&am=99.00&cu=INR&tn=INV-2026%2F07%20A',
    );
    expect(readUpi(c!.payload).params).toEqual({
      pa: 'shop.in@okbank',
      pn: 'Müller & Söhne GmbH',
      am: '99.00',
      cu: 'INR',
      tn: 'INV-2026/07 A',
    });
    expect(checkQrValue('upi', c!.payload)).toBeNull();
  });

  it('BR Code (EMV QRCPS): GUI and key in 26, MCC, 986, amount, BR, name ≤ 25, city ≤ 15, txid, CRC-16', () => {
    const { code: c } = code(body('BRL', { type: 'pix' }));
    const f = readEmv(c!.payload);
    expect(f.get('00')).toBe('01');
    const account = readEmv(f.get('26')!);
    expect(account.get('00')).toBe('br.gov.bcb.pix');
    expect(account.get('01')).toBe('pagamentos@example.com.br');
    expect(f.get('52')).toBe('0000');
    expect(f.get('53')).toBe('986');
    expect(f.get('54')).toBe('119.00');
    expect(f.get('58')).toBe('BR');
    expect(f.get('59')).toBe('Muller & Sohne GmbH');
    expect(f.get('60')).toBe('Sao Paulo');
    expect(readEmv(f.get('62')!).get('05')).toBe('INV202607A');
    expect(emvCrcHolds(c!.payload)).toBe(true);
    expect(checkQrValue('pix', c!.payload)).toBeNull();
  });

  it('UPI is INR only, PIX BRL only; each needs its key; PIX needs from.city', () => {
    expect(refusal(body('EUR', { type: 'upi' }))[0]).toMatchObject({ path: 'payment.qr', rule: 'conflict' });
    expect(refusal(body('USD', { type: 'pix' }))[0]).toMatchObject({ path: 'payment.qr', rule: 'conflict' });
    expect(refusal(body('INR', { type: 'upi' }, { payment: { upi_id: undefined } }))[0]).toMatchObject({
      path: 'payment.upi_id',
      rule: 'required',
    });
    expect(refusal(body('BRL', { type: 'pix' }, { from: { city: undefined } }))[0]).toMatchObject({
      path: 'from.city',
      rule: 'required',
    });
    expect(refusal(body('INR', { type: 'upi' }, { payment: { upi_id: 'no at sign' } }))[0]).toMatchObject({
      path: 'payment.upi_id',
      rule: 'format',
    });
    expect(refusal(body('BRL', { type: 'pix' }, { payment: { pix_key: 'abc' } }))[0]).toMatchObject({
      path: 'payment.pix_key',
      rule: 'format',
    });
  });
});

describe('issue 23: zatca (phase 1)', () => {
  it("ZATCA phase 1: reproduces the guideline's published example TLV", () => {
    expect(
      buildZatcaPayload({
        sellerName: 'Bobs Records',
        vatNumber: '310122393500003',
        timestamp: '2022-04-25T15:30:00Z',
        total: '1000.00',
        vatTotal: '150.00',
      }),
    ).toBe('AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==');
  });

  it('ZATCA phase 1: seller, VAT number, timestamp from the invoice date, total with VAT, VAT total (Arabic name in UTF-8)', () => {
    const { code: c } = code(body('SAR', { type: 'zatca' }, { from: { name: 'شركة المثال' }, amount_paid: 119 }));
    expect(readZatca(c!.payload)).toEqual({
      1: 'شركة المثال',
      2: '310122393500003',
      3: '2026-03-01T00:00:00Z',
      4: '119.00',
      5: '19.00',
    });
  });

  it('ZATCA: a 15-digit VAT number starting and ending with 3, SAR only, no client value', () => {
    expect(refusal(body('SAR', { type: 'zatca' }, { from: { tax_id: '300000000000001' } }))).toEqual([
      { path: 'from.tax_id', rule: 'format', message: expect.stringMatching(/15 digits, the first and the last a 3/) },
    ]);
    expect(refusal(body('SAR', { type: 'zatca' }, { from: { tax_id: undefined } }))[0]).toMatchObject({
      path: 'from.tax_id',
      rule: 'required',
    });
    expect(refusal(body('EUR', { type: 'zatca' }))[0]).toMatchObject({ path: 'payment.qr', rule: 'conflict' });
    expect(refusal(body('SAR', { type: 'zatca', value: 'x' }))[0]).toMatchObject({
      path: 'payment.qr.value',
      rule: 'conflict',
    });
    // Q11: features.qr false would drop the code a simplified tax invoice must carry: refused, not silent
    expect(refusal(body('SAR', { type: 'zatca' }, { features: { qr: false } }))).toEqual([
      { path: 'features.qr', rule: 'conflict', message: expect.stringMatching(/zatca.*must carry its QR/) },
    ]);
    expect(code(body('SAR', { type: 'zatca' }, { features: { qr: true } })).code?.type).toBe('zatca');
    // the other codes are conveniences: features.qr false leaves them off at the route (qr-choice.ts)
    expect(code(body('EUR', { type: 'sepa' }, { features: { qr: false } })).code?.type).toBe('sepa');
  });
});

describe('issue 23: value, balance 0, strict input', () => {
  it("D12: the client's own value is still accepted and drawn as given", () => {
    const value = 'BCD\n002\n1\nSCT\n\nX\nDE89370400440532013000\nEUR1.00';
    expect(code(body('USD', { type: 'sepa', value })).code).toEqual({ type: 'sepa', payload: value });
  });

  it('promptpay, url and text still need a value', () => {
    expect(refusal(body('EUR', { type: 'url' }))).toEqual([
      {
        path: 'payment.qr.value',
        rule: 'required',
        message: 'is required for type url (only sepa, upi, pix, zatca and swiss are built from the invoice)',
      },
    ]);
  });

  it('a balance of 0 carries no payment QR; zatca (a tax-invoice code) stays', () => {
    expect(code(body('EUR', { type: 'sepa' }, { amount_paid: 119 })).code).toBeUndefined();
    expect(code(body('EUR', { type: 'upi', value: 'upi://pay?pa=a@b' }, { amount_paid: 119 })).code).toBeUndefined();
    expect(code(body('SAR', { type: 'zatca' }, { amount_paid: 119 })).code?.type).toBe('zatca');
    // D2: an explicit paid status stamps the document PAID; it asks for nothing either
    expect(code(body('EUR', { type: 'sepa' }, { payment: { status: 'paid' } })).code).toBeUndefined();
  });

  it('BR Code: field 54 holds at most 13 characters; a larger balance is a 400 naming payment.qr', () => {
    const r = parseInvoiceRequest(body('BRL', { type: 'pix' }, { items: [{ description: 'x', unit_price: 1e12 }] }));
    if (!r.ok) throw new Error(r.error.message);
    expect(() => paymentCodeOf(resolveInvoice(r.value, ctx))).toThrow(/13 characters/);
  });

  it('a credit note cannot carry a built code that asks the buyer to pay', () => {
    expect(
      refusal(body('EUR', { type: 'sepa' }, { invoice: { type: 'credit_note', number: 'CN-1', currency: 'EUR' } }))[0],
    ).toMatchObject({ path: 'payment.qr', rule: 'conflict' });
  });

  it('V1: camelCase upiId, pixKey are aliases; a misspelt reference field is an unknown_field', () => {
    const b = body('INR', { type: 'upi' }, { payment: { upiId: 'a.b@okbank' } });
    delete (b.payment as { upi_id?: string }).upi_id;
    expect(readUpi(code(b).code!.payload).params.pa).toBe('a.b@okbank');
    expect(refusal(body('EUR', { type: 'sepa' }, { payment: { referense: 'RF18539007547034' } }))[0]).toMatchObject({
      path: 'payment.referense',
      rule: 'unknown_field',
    });
    expect(refusal(body('EUR', { type: 'sepa' }, { payment: { reference: 'INV-1' } }))[0]).toMatchObject({
      path: 'payment.reference',
      rule: 'format',
    });
  });

  it('the JSON response carries no payment payload of its own: toInvoiceResponse takes it as an extra', () => {
    const { resolved } = code(body('EUR', { type: 'sepa' }));
    expect(toInvoiceResponse(resolved).qr).toBeUndefined();
  });
});

describe('issue 23: property — the QR amount is the balance due', () => {
  const cases = fc.record({
    type: fc.constantFrom('sepa', 'upi', 'pix', 'swiss'),
    prices: fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 5 }),
    rate: fc.constantFrom(0, 5, 7.5, 19, 20),
    paidPermille: fc.integer({ min: 0, max: 1200 }),
    deposit: fc.integer({ min: 0, max: 5000 }),
  });
  const CURRENCY = { sepa: 'EUR', upi: 'INR', pix: 'BRL', swiss: 'CHF' } as const;
  // swiss: billed from Biel to a QR-IBAN with a QR reference (SIX IG 2.3 annex)
  const SWISS = {
    from: { street: 'Rue du Lac 1268', postal_code: '2501', city: 'Biel', country: 'CH' },
    payment: { iban: 'CH44 3199 9123 0008 8901 2', reference: '21 00000 00003 13947 14300 09017' },
  };

  it('for random invoices, the amount read from the payload equals balance_due (and no code when it is 0)', () => {
    fc.assert(
      fc.property(cases, ({ type, prices, rate, paidPermille, deposit }) => {
        const items = prices.map((p) => ({ description: 'x', quantity: 1, unit_price: p / 100, tax_rate: rate }));
        const gross = prices.reduce((a, p) => a + p, 0) / 100;
        const b = {
          ...body(CURRENCY[type], { type }, type === 'swiss' ? SWISS : {}),
          items,
          deposit: Math.min(deposit, gross),
          amount_paid: Math.round(gross * paidPermille) / 1000,
        };
        const { code: c, resolved } = code(b);
        const balance = toInvoiceResponse(resolved).balance_due;
        if (balance === 0) return c === undefined;
        const amount =
          type === 'sepa'
            ? readEpc(c!.payload).amount.replace(/^EUR/, '')
            : type === 'upi'
              ? readUpi(c!.payload).params.am
              : type === 'pix'
                ? readEmv(c!.payload).get('54')!
                : readSwiss(c!.payload).amount;
        return Number(amount) === balance && amount === resolved.totals.balance_due.toFixed(2);
      }),
      { numRuns: 100 },
    );
  });
});
