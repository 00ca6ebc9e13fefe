// Issue 23, `swiss`: the Swiss Payments Code built from the request, read back field by field as a
// Swiss banking app reads it (test/support/read-payment-payload.ts), and compared with the payload
// of an independent implementation (the npm package swissqrbill, MIT) built from the same data.

import Decimal from 'decimal.js';
import { isQRIBAN, isQRReferenceValid } from 'swissqrbill/utils';
import { describe, expect, it } from 'vitest';
// swissqrbill exports its payload builder only inside the package; the test reads it from its file
import { generateQRData } from '../../../node_modules/swissqrbill/lib/esm/shared/qr-code.js';
import { qrReferenceCheckHolds, readSwiss } from '../../../test/support/read-payment-payload.ts';
import { parseInvoiceRequest, paymentCodeOf, resolveInvoice } from '../src/index.ts';
import { groupQrReference, isQrIban, mod10Recursive, qrReferenceProblem } from '../src/payment-codes/qr-reference.ts';
import {
  buildSwissQrPayload,
  SWISS_MAX_CHARS,
  swissAmountProblem,
  swissTextProblem,
} from '../src/payment-codes/swiss-qr.ts';
import { type SwissRequest, swissQrFields, swissQrIssues } from '../src/payment-codes/swiss-qr-request.ts';

// SIX IG 2.3 annex examples: a QR-IBAN with a QR reference, a plain IBAN with an RF reference
const QR_IBAN = 'CH44 3199 9123 0008 8901 2';
const QR_REF = '21 00000 00003 13947 14300 09017';
const IBAN = 'CH93 0076 2011 6238 5295 7';
const RF = 'RF18 5390 0754 7034';

function request(payment: SwissRequest['payment'], extra: Partial<SwissRequest> = {}): SwissRequest {
  return {
    from: { name: 'Robert Schneider AG', street: 'Rue du Lac 1268', postal_code: '2501', city: 'Biel', country: 'CH' },
    to: {
      name: 'Pia-Maria Rutschmann-Schnyder',
      street: 'Grosse Marktgasse 28',
      postal_code: '9400',
      city: 'Rorschach',
      country: 'CH',
    },
    invoice: { currency: 'CHF', number: 'Auftrag vom 15.06.2020' },
    payment,
    ...extra,
  };
}

function paths(req: SwissRequest) {
  return swissQrIssues(req).map((i) => `${i.path.join('.')} ${i.rule}`);
}

describe('issue 23 swiss: QR reference and QR-IBAN', () => {
  it('SIX IG 2.3 annex B: modulo 10 recursive check digit, the same as swissqrbill', () => {
    expect(qrReferenceProblem(QR_REF)).toBeNull();
    expect(isQRReferenceValid(QR_REF.replace(/ /g, ''))).toBe(true);
    expect(qrReferenceProblem('210000000003139471430009018')).toMatch(/check digit/);
    expect(qrReferenceProblem('0'.repeat(27))).toMatch(/zeros/);
    expect(qrReferenceProblem('12345')).toMatch(/27 digits/);
    // 200 random 26-digit prefixes: our digit agrees with the independent reader and with swissqrbill
    let seed = 7;
    for (let n = 0; n < 200; n++) {
      let digits = '';
      for (let k = 0; k < 26; k++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        digits += String(seed % 10);
      }
      const ref = digits + mod10Recursive(digits);
      expect(qrReferenceCheckHolds(ref)).toBe(true);
      expect(isQRReferenceValid(ref)).toBe(true);
    }
  });

  it('SIX IG 2.3 §4.3.2: a QR-IBAN is a CH/LI IBAN whose IID is 30000–31999', () => {
    for (const [iban, qr] of [
      ['CH4431999123000889012', true],
      ['CH9300762011623852957', false],
      ['LI7030000123456789012', true],
      ['CH5632000000000000000', false],
      ['DE89370400440532013000', false],
    ] as const) {
      expect(isQrIban(iban)).toBe(qr);
      if (iban.startsWith('CH')) expect(isQRIBAN(iban)).toBe(qr);
    }
  });

  it('SIX IG 2.3 §3.5.3: a QR reference is printed in groups of five from the right', () => {
    expect(groupQrReference('210000000003139471430009017')).toBe(QR_REF);
  });
});

describe('issue 23 swiss: request rules', () => {
  it('SIX IG 2.3 §4.3.2: a QR-IBAN requires a QR reference (QRR)', () => {
    expect(paths(request({ iban: QR_IBAN }))).toEqual(['payment.reference required']);
    expect(paths(request({ iban: QR_IBAN, reference: RF }))).toEqual(['payment.reference conflict']);
    expect(paths(request({ iban: QR_IBAN, reference: QR_REF }))).toEqual([]);
    expect(paths(request({ iban: QR_IBAN, reference: '210000000003139471430009018' }))).toEqual([
      'payment.reference format',
    ]);
  });

  it('SIX IG 2.3 §4.3.2: any other IBAN takes an RF reference (SCOR) or none (NON), never a QR reference', () => {
    expect(paths(request({ iban: IBAN }))).toEqual([]);
    expect(paths(request({ iban: IBAN, reference: RF }))).toEqual([]);
    expect(paths(request({ iban: IBAN, reference: QR_REF }))).toEqual(['payment.reference conflict']);
    expect(paths(request({ iban: IBAN, reference: 'RF19 5390 0754 7034' }))).toEqual(['payment.reference format']);
  });

  it('SIX IG 2.3 §4.3.2: the account is an IBAN of CH or LI, required', () => {
    expect(paths(request({}))).toEqual(['payment.iban required']);
    expect(paths(request({ iban: 'DE89 3704 0044 0532 0130 00' }))).toEqual(['payment.iban format']);
    expect(paths(request({ iban: 'CH94 0076 2011 6238 5295 7' }))).toEqual(['payment.iban format']);
  });

  it('SIX IG 2.3 §4.3.2 type S: a creditor without street, postal code, city or country is a 400 naming it', () => {
    const req = request({ iban: IBAN });
    for (const field of ['street', 'postal_code', 'city', 'country'] as const) {
      const from = { ...req.from, [field]: undefined };
      expect(paths({ ...req, from })).toEqual([`from.${field} required`]);
    }
  });

  it('SIX IG 2.3 §4.3.3: CHF or EUR only; a credit note asks nobody to pay', () => {
    const base = request({ iban: IBAN });
    expect(paths({ ...base, invoice: { ...base.invoice, currency: 'EUR' } })).toEqual([]);
    expect(paths({ ...base, invoice: { ...base.invoice, currency: 'USD' } })).toEqual(['payment.qr conflict']);
    expect(paths({ ...base, invoice: { ...base.invoice, type: 'credit_note' } })).toEqual(['payment.qr conflict']);
  });

  it('SIX IG 2.3 §4.1.1: creditor and message outside the Latin character set are a 400; field lengths', () => {
    expect(swissTextProblem('Zürich Œuvre Ștefan €')).toBeNull();
    expect(swissTextProblem('Zu\u0308rich')).toBeNull(); // decomposed ü is composed first
    expect(swissTextProblem('شركة')).toMatch(/U\+0634/);
    const base = request({ iban: IBAN });
    expect(paths({ ...base, from: { ...base.from, name: 'Σ Holding' } })).toEqual(['from.name format']);
    expect(paths({ ...base, invoice: { currency: 'CHF', number: 'INV-💶' } })).toEqual(['invoice.number format']);
    expect(paths({ ...base, from: { ...base.from, city: 'x'.repeat(36) } })).toEqual(['from.city max_length']);
    expect(paths({ ...base, payment: { iban: IBAN, account_name: 'y'.repeat(71) } })).toEqual([
      'payment.account_name max_length',
    ]);
  });
});

/** The same data as swissqrbill's input (its `address` field is our street). */
function swissqrbillData(req: SwissRequest, amount: number, withDebtor = true) {
  const party = (p: SwissRequest['from']) => ({
    name: p.name,
    address: p.street ?? '',
    zip: p.postal_code ?? '',
    city: p.city ?? '',
    country: p.country ?? '',
  });
  const reference = req.payment?.reference?.replace(/ /g, '');
  return {
    currency: req.invoice.currency as 'CHF' | 'EUR',
    amount,
    creditor: { ...party(req.from), account: (req.payment?.iban ?? '').replace(/ /g, '') },
    ...(withDebtor ? { debtor: party(req.to) } : {}),
    ...(reference ? { reference } : {}),
    message: req.invoice.number,
  };
}

describe('issue 23 swiss: the payload', () => {
  it('SIX IG 2.3 §4.3: SPC/0200/1, type S addresses, 7 empty ultimate creditor lines, EPD; read field by field', () => {
    const req = request({ iban: QR_IBAN, reference: QR_REF });
    const payload = buildSwissQrPayload(swissQrFields(req, '1949.75'));
    const f = readSwiss(payload);
    expect([f.qrType, f.version, f.codingType]).toEqual(['SPC', '0200', '1']);
    expect(f.iban).toBe('CH4431999123000889012');
    expect(f.creditor).toEqual({
      type: 'S',
      name: 'Robert Schneider AG',
      street: 'Rue du Lac 1268',
      buildingNumber: '',
      postalCode: '2501',
      city: 'Biel',
      country: 'CH',
    });
    expect(f.ultimateCreditor).toEqual(['', '', '', '', '', '', '']);
    expect([f.amount, f.currency]).toEqual(['1949.75', 'CHF']);
    expect(f.debtor).toMatchObject({
      type: 'S',
      name: 'Pia-Maria Rutschmann-Schnyder',
      postalCode: '9400',
      country: 'CH',
    });
    expect([f.referenceType, f.reference]).toEqual(['QRR', '210000000003139471430009017']);
    expect(qrReferenceCheckHolds(f.reference)).toBe(true);
    expect([f.message, f.trailer, f.lineCount]).toEqual(['Auftrag vom 15.06.2020', 'EPD', 31]);
    // no line break after the last element (§4.2.1)
    expect(payload.endsWith('EPD')).toBe(true);
    expect(f.chars).toBeLessThanOrEqual(SWISS_MAX_CHARS);
  });

  it('SIX IG 2.3 §4.3.3: the amount is at most 999999999.99', () => {
    expect(swissAmountProblem(new Decimal('999999999.99'))).toBeNull();
    expect(swissAmountProblem(new Decimal('999999999.991'))).toMatch(/at most 999999999.99/);
  });

  it('SIX IG 2.3 §4.3.2: reference type from the IBAN: QRR, SCOR, NON', () => {
    const scor = readSwiss(buildSwissQrPayload(swissQrFields(request({ iban: IBAN, reference: RF }), '10.00')));
    expect([scor.referenceType, scor.reference]).toEqual(['SCOR', 'RF18539007547034']);
    const non = readSwiss(buildSwissQrPayload(swissQrFields(request({ iban: IBAN }), '10.00')));
    expect([non.referenceType, non.reference]).toEqual(['NON', '']);
  });

  it('SIX IG 2.3 §3.5.2: a debtor without a complete address is left for the payer to write in', () => {
    const req = request({ iban: IBAN }, { to: { name: 'Buyer', city: 'Bern' } });
    const f = readSwiss(buildSwissQrPayload(swissQrFields(req, '10.00')));
    expect(Object.values(f.debtor).every((v) => v === '')).toBe(true);
    expect(f.lineCount).toBe(31);
    const arabic = request(
      { iban: IBAN },
      { to: { name: 'شركة', postal_code: '11564', city: 'الرياض', country: 'SA' } },
    );
    expect(readSwiss(buildSwissQrPayload(swissQrFields(arabic, '10.00'))).debtor.type).toBe('');
  });

  it('swissqrbill (independent implementation) builds the same payload from the same data', () => {
    const cases: [SwissRequest, number, string][] = [
      [request({ iban: QR_IBAN, reference: QR_REF }), 1949.75, '1949.75'],
      [request({ iban: IBAN, reference: RF }), 0.05, '0.05'],
      [request({ iban: IBAN }), 999999999.99, '999999999.99'],
      [
        request(
          { iban: 'LI70 3000 0123 4567 8901 2', reference: '000000000000000000002026077' },
          { invoice: { currency: 'EUR', number: 'Facture n° 2026/07 – Zürich' } },
        ),
        119,
        '119.00',
      ],
    ];
    for (const [req, amount, text] of cases) {
      const ours = buildSwissQrPayload(swissQrFields(req, text));
      expect(ours).toBe(generateQRData(swissqrbillData(req, amount)));
    }
    const noDebtor = request({ iban: IBAN }, { to: { name: 'Buyer' } });
    expect(buildSwissQrPayload(swissQrFields(noDebtor, '10.00'))).toBe(
      generateQRData(swissqrbillData(noDebtor, 10, false)),
    );
  });
});

describe('issue 23 swiss: through the request schema', () => {
  const ctx = { today: '2026-03-01', randomBytes: new Uint8Array(8) };
  const invoice = (payment: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    from: { name: 'Robert Schneider AG', street: 'Rue du Lac 1268', postal_code: '2501', city: 'Biel', country: 'CH' },
    to: { name: 'Buyer AG', street: 'Marktgasse 28', postal_code: '9400', city: 'Rorschach', country: 'CH' },
    invoice: { number: 'R-2026-7', date: '2026-03-01', currency: 'CHF' },
    items: [{ description: 'Work', quantity: 1, unit_price: 100, tax_rate: 8.1 }],
    payment,
    ...extra,
  });
  const parse = (b: unknown) => parseInvoiceRequest(b);
  const refused = (b: unknown) => {
    const r = parse(b);
    if (r.ok) throw new Error('expected a refusal');
    return r.error.details.map((d: { path: string; rule: string }) => `${d.path} ${d.rule}`);
  };

  it('SIX IG 2.3 §4.3: type swiss is built from the invoice for the balance due', () => {
    const r = parse(invoice({ iban: QR_IBAN, reference: QR_REF, qr: { type: 'swiss' } }));
    if (!r.ok) throw new Error(r.error.message);
    const code = paymentCodeOf(resolveInvoice(r.value, ctx));
    const f = readSwiss(code?.payload ?? '');
    expect([f.amount, f.currency, f.referenceType, f.message]).toEqual(['108.10', 'CHF', 'QRR', 'R-2026-7']);
    expect(code?.swiss?.creditor.city).toBe('Biel');
  });

  it('SIX IG 2.3 §4.3.2: payment.reference takes a QR reference only beside a QR-IBAN, and only a swiss code carries it', () => {
    expect(parse(invoice({ iban: QR_IBAN, reference: QR_REF })).ok).toBe(true);
    expect(refused(invoice({ iban: IBAN, reference: QR_REF }))).toEqual(['payment.reference conflict']);
    expect(refused(invoice({ iban: QR_IBAN, reference: '210000000003139471430009018' }))).toEqual([
      'payment.reference format',
    ]);
    expect(refused(invoice({ iban: IBAN, reference: '12345' }))).toEqual(['payment.reference format']);
    const sepa = invoice({ iban: QR_IBAN, reference: QR_REF, qr: { type: 'sepa' } });
    expect(refused({ ...sepa, invoice: { ...sepa.invoice, currency: 'EUR' } })).toContain('payment.reference conflict');
  });

  it('SIX IG 2.3: a creditor without an address, a value of its own, or a paid invoice', () => {
    expect(refused(invoice({ iban: IBAN, qr: { type: 'swiss' } }, { from: { name: 'X', city: 'Biel' } }))).toEqual([
      'from.street required',
      'from.postal_code required',
      'from.country required',
    ]);
    expect(refused(invoice({ iban: IBAN, qr: { type: 'swiss', value: 'SPC' } }))).toEqual([
      'payment.qr.value conflict',
    ]);
    const r = parse(invoice({ iban: IBAN, qr: { type: 'swiss' } }, { amount_paid: 108.1 }));
    if (!r.ok) throw new Error(r.error.message);
    expect(paymentCodeOf(resolveInvoice(r.value, ctx))).toBeUndefined();
  });

  it('SIX IG 2.3 §4.3.3: a balance over 999999999.99 is a 400 at payment.qr', () => {
    const r = parse(
      invoice({ iban: IBAN, qr: { type: 'swiss' } }, { items: [{ description: 'W', quantity: 1, unit_price: 1e9 }] }),
    );
    if (!r.ok) throw new Error(r.error.message);
    expect(() => paymentCodeOf(resolveInvoice(r.value, ctx))).toThrow(/999999999.99/);
  });
});
