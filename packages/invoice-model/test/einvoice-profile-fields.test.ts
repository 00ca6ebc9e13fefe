// Issue 22: the request fields of the e-invoice profiles, checked at the door as far as the receivers'
// validators check them (code lists, EM e-mail, the check digits of the schemes whose fatal rules test one).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EAS_CODES,
  identifierProblem,
  norwegianOrganisation,
  PEPPOL_EAS_CODES,
  parseInvoiceRequest,
  resolveInvoice,
  swedishOrganisation,
  toInvoiceResponse,
  XRECHNUNG_EAS_CODES,
} from '../src/index.ts';

const base = (extra: Record<string, unknown> = {}) => ({
  from: { name: 'Acme' },
  to: { name: 'Bob' },
  items: [{ description: 'Work', quantity: 1, unit_price: 10 }],
  ...extra,
});

function refusal(body: unknown) {
  const r = parseInvoiceRequest(body);
  if (r.ok) throw new Error('expected a refusal');
  return r.error;
}

function parsed(body: unknown) {
  const r = parseInvoiceRequest(body);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('issue 22: einvoice_profile', () => {
  it('defaults to en16931 and is echoed; camelCase is accepted', () => {
    expect(parsed(base()).einvoice_profile).toBe('en16931');
    expect(parsed(base({ einvoiceProfile: 'xrechnung', output: 'cii' })).einvoice_profile).toBe('xrechnung');
    const resolved = resolveInvoice(parsed(base({ einvoice_profile: 'peppol', output: 'ubl' })), {
      today: '2026-11-25',
      randomBytes: new Uint8Array(6),
    });
    expect(toInvoiceResponse(resolved).einvoice_profile).toBe('peppol');
  });

  it.each([
    ['peppol', 'cii', /^cannot be peppol with output cii: Peppol BIS Billing 3\.0 is written as UBL only$/],
    ['peppol', 'facturx', /a Factur-X PDF carries the EN 16931 profile only/],
    ['xrechnung', 'facturx', /a Factur-X PDF carries the EN 16931 profile only/],
  ])('%s with output %s is a 400 naming einvoice_profile', (profile, output, message) => {
    const e = refusal(base({ einvoice_profile: profile, output }));
    expect(e.details).toEqual([
      { path: 'einvoice_profile', rule: 'conflict', message: expect.stringMatching(message) },
    ]);
  });

  it.each([
    ['peppol', 'ubl'],
    ['peppol', 'json'],
    ['peppol', 'pdf'],
    ['xrechnung', 'ubl'],
    ['xrechnung', 'cii'],
    ['en16931', 'facturx'],
  ])('%s with output %s is accepted (json and pdf carry it to the hosted documents)', (profile, output) => {
    expect(parsed(base({ einvoice_profile: profile, output })).einvoice_profile).toBe(profile);
  });

  it('an unknown profile is an enum error listing the three', () => {
    expect(refusal(base({ einvoice_profile: 'zugferd' })).details).toEqual([
      { path: 'einvoice_profile', rule: 'enum', message: 'must be one of en16931, peppol, xrechnung' },
    ]);
  });
});

describe('issue 22: electronic_address, contact_name, registration_scheme', () => {
  it('valid addresses in several schemes pass and are echoed', () => {
    const from = {
      name: 'Acme',
      electronic_address: { scheme: '0208', id: '0123456749' },
      contact_name: 'Accounts',
      registration_no: '974760673',
      registration_scheme: '0192',
    };
    const to = { name: 'Bob', electronic_address: { scheme: 'EM', id: ' Billing@Example.com ' } };
    const req = parsed(base({ from, to }));
    expect(req.from.electronic_address).toEqual({ scheme: '0208', id: '0123456749' });
    expect(req.to.electronic_address).toEqual({ scheme: 'EM', id: 'Billing@Example.com' });
    const json = toInvoiceResponse(resolveInvoice(req, { today: '2026-11-25', randomBytes: new Uint8Array(6) }));
    expect(json.from).toMatchObject({ contact_name: 'Accounts', registration_scheme: '0192' });
  });

  it.each([
    [{ scheme: '0208', id: '0123456748' }, 'id', 'format', /Belgian enterprise number/],
    [{ scheme: '0192', id: '974760674' }, 'id', 'format', /Norwegian organisation number/],
    [{ scheme: '0088', id: '5790000435969' }, 'id', 'format', /GLN/],
    [{ scheme: '0007', id: '5560360794' }, 'id', 'format', /Swedish organisation number/],
    // PEPPOL-COMMON-R050: 11 digits, u:abn (first digit − 1, weights 10 1 3 … 19, mod 89 = 0)
    [{ scheme: '0151', id: '51824753557' }, 'id', 'format', /Australian Business Number/],
    // GR-R-009/010: u:TinVerification, Σ d_i × 2^(9−i) mod 11 mod 10 = d9
    [{ scheme: '9933', id: '094019246' }, 'id', 'format', /Greek TIN/],
    // PEPPOL-COMMON-R042: 8 digits, or DK and 8 digits
    [{ scheme: '0184', id: '1234567' }, 'id', 'format', /Danish CVR/],
    [{ scheme: '0184', id: 'DK1234567X' }, 'id', 'format', /Danish CVR/],
    // PEPPOL-COMMON-R052: 10 digits
    [{ scheme: '0096', id: '123456789' }, 'id', 'format', /Danish P-number/],
    // PEPPOL-COMMON-R053: DK and 8 digits
    [{ scheme: '0198', id: '12345678' }, 'id', 'format', /Danish SE number/],
    [{ scheme: 'EM', id: 'not an address' }, 'id', 'format', /e-mail address/],
    [{ scheme: 'XX', id: '1' }, 'scheme', 'enum', /Electronic Address Scheme/],
    [{ scheme: '0208', id: '  ' }, 'id', 'not_empty', /must not be empty/],
    [{ scheme: '0208', id: '0123456749', extra: 1 }, 'extra', 'unknown_field', /unknown field/],
  ])('%j is a 400 naming from.electronic_address.%s', (address, field, rule, message) => {
    const e = refusal(base({ from: { name: 'A', electronic_address: address } }));
    expect(e.details).toEqual([
      { path: `from.electronic_address.${field}`, rule, message: expect.stringMatching(message) },
    ]);
  });

  it.each([
    ['0151', '51824753556'],
    ['9933', '094019245'],
    ['0184', '12345678'],
    ['0184', 'DK12345678'],
    ['0096', '1234567890'],
    ['0198', 'DK12345678'],
  ])('PEPPOL-COMMON-R042/R050/R052/R053, GR-R-009: scheme %s accepts %s, as the rule texts do', (scheme, id) => {
    expect(identifierProblem(scheme, id)).toBeNull();
    expect(parsed(base({ to: { name: 'B', electronic_address: { scheme, id } } })).to.electronic_address).toEqual({
      scheme,
      id,
    });
  });

  it('registration_scheme needs registration_no, and its check digit holds there too (PEPPOL-COMMON fires on any CompanyID)', () => {
    expect(refusal(base({ to: { name: 'B', registration_scheme: '0208' } })).details).toEqual([
      { path: 'to.registration_no', rule: 'required', message: expect.stringMatching(/registration_scheme is given/) },
    ]);
    expect(
      refusal(base({ to: { name: 'B', registration_scheme: '0208', registration_no: '0123456748' } })).details[0],
    ).toMatchObject({ path: 'to.registration_no', rule: 'format' });
    expect(
      refusal(base({ to: { name: 'B', registration_scheme: '9999', registration_no: '1' } })).details[0],
    ).toMatchObject({ path: 'to.registration_scheme', rule: 'enum' });
    // No check digit rule for Dutch KvK (PEPPOL-COMMON-R054 is a format warning): any 8 digits pass.
    expect(
      parsed(base({ to: { name: 'B', registration_scheme: '0106', registration_no: '12345678' } })).to,
    ).toMatchObject({
      registration_scheme: '0106',
    });
  });

  it('a profile refuses the codes its receivers refuse: EM under peppol, the newest codes under xrechnung', () => {
    const em = { name: 'A', electronic_address: { scheme: 'EM', id: 'a@example.com' } };
    expect(refusal(base({ einvoice_profile: 'peppol', output: 'ubl', from: em })).details).toEqual([
      {
        path: 'from.electronic_address.scheme',
        rule: 'enum',
        message: expect.stringMatching(/must not be EM under peppol/),
      },
    ]);
    expect(
      parsed(base({ einvoice_profile: 'xrechnung', output: 'ubl', from: em })).from.electronic_address?.scheme,
    ).toBe('EM');
    const newest = { name: 'B', electronic_address: { scheme: '0242', id: 'x1' } };
    expect(refusal(base({ einvoice_profile: 'xrechnung', output: 'ubl', to: newest })).details[0]).toMatchObject({
      path: 'to.electronic_address.scheme',
      rule: 'enum',
    });
    expect(parsed(base({ einvoice_profile: 'peppol', output: 'ubl', to: newest })).to.electronic_address?.scheme).toBe(
      '0242',
    );
    const icd = { name: 'B', registration_scheme: '0246', registration_no: 'x' };
    expect(refusal(base({ einvoice_profile: 'xrechnung', to: icd })).details[0]).toMatchObject({
      path: 'to.registration_scheme',
      rule: 'enum',
    });
  });

  it('the lists: Peppol has no EM, XRechnung (CEN 1.3.15) has EM; both within the EAS list', () => {
    expect(PEPPOL_EAS_CODES.has('EM')).toBe(false);
    expect(XRECHNUNG_EAS_CODES.has('EM')).toBe(true);
    for (const code of [...PEPPOL_EAS_CODES, ...XRECHNUNG_EAS_CODES]) expect(EAS_CODES).toContain(code);
    expect(EAS_CODES).toHaveLength(104);
  });

  it('property: a one-digit change of a valid Norwegian or Swedish number is caught by its check digit', () => {
    const flip = (id: string, i: number, d: number) =>
      id.slice(0, i) + String((Number(id[i]) + d) % 10) + id.slice(i + 1);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 9 }), (i, d) => {
        expect(norwegianOrganisation(flip('974760673', i, d))).toBe(false);
        expect(swedishOrganisation(flip('5560360793', i, d))).toBe(false);
      }),
    );
    expect(identifierProblem('9930', 'DE123456789')).toBeNull(); // no validator tests the German VAT id's check digit
  });
});
