import { parseInvoiceRequest, resolveInvoice } from '@invoice/model';
import { describe, expect, it } from 'vitest';
import { failsSkonto } from '../src/german-issues.ts';
import { DECIMAL_RULES, en16931Issues, renderInvoiceUbl, ublEInvoiceIssues } from '../src/index.ts';
import { checkPeppol, checkXRechnung } from './profile-checks.ts';
import { BE_BUYER, BE_SELLER, DE_PUBLIC_BUYER, DE_SELLER, LEITWEG_ID, SE_BUYER, SE_SELLER } from './profile-parties.ts';
import { parseUbl } from './ubl-dom.ts';

type Raw = Record<string, unknown>;

function resolveProfileCase(body: Raw) {
  const parsed = parseInvoiceRequest(body);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return resolveInvoice(parsed.value, { today: '2026-03-02', randomBytes: new Uint8Array(16) });
}

function issues(profile: string, body: Raw) {
  return ublEInvoiceIssues(
    resolveProfileCase({
      invoice: { number: 'P-1', date: '2026-03-02', due_date: '2026-04-01', buyer_reference: LEITWEG_ID },
      items: [{ description: 'x', quantity: 1, unit_price: 100, tax_rate: 19 }],
      payment: { iban: 'DE89370400440532013000' },
      ...body,
    }),
    profile as 'peppol',
  );
}

describe('issue 22: ublEInvoiceIssues names the field that fixes each rule', () => {
  it('the EN 16931 profile gives en16931Issues’ rules in the same shape', () => {
    const resolved = resolveProfileCase({
      from: { name: 'A' },
      to: { name: 'B' },
      items: [{ description: 'x', tax_rate: 20 }],
    });
    const found = ublEInvoiceIssues(resolved, 'en16931');
    expect(found.map((i) => i.rule)).toEqual(en16931Issues(resolved));
    expect(found[0]).toEqual({ rule: 'BR-08', path: 'from.country', message: expect.stringContaining('from.country') });
  });

  it('the profile comes from the request when not given', () => {
    const body = {
      from: { name: 'A', country: 'DE' },
      to: { name: 'B', country: 'DE' },
      items: [{ description: 'x' }],
    };
    const resolved = resolveProfileCase({ ...body, einvoice_profile: 'peppol' });
    expect(ublEInvoiceIssues(resolved)).toEqual(ublEInvoiceIssues(resolved, 'peppol'));
    expect(ublEInvoiceIssues(resolved).map((i) => i.rule)).toContain('PEPPOL-EN16931-R020');
  });

  it('PEPPOL-EN16931-R010/R020, R003: Peppol names the electronic addresses and a reference', () => {
    const { electronic_address: _s, ...seller } = BE_SELLER;
    const { electronic_address: _b, ...buyer } = BE_BUYER;
    const found = issues('peppol', { from: seller, to: buyer, invoice: { number: 'P-1' } });
    expect(found.map(({ rule, path }) => [rule, path])).toEqual([
      ['PEPPOL-EN16931-R003', 'invoice.buyer_reference'],
      ['PEPPOL-EN16931-R010', 'to.electronic_address'],
      ['PEPPOL-EN16931-R020', 'from.electronic_address'],
    ]);
  });

  it('BR-DE-2, BR-DE-5/6/7: a missing contact is one issue; a partial one names each missing part', () => {
    const { phone: _p, contact_name: _n, email: _e, ...bare } = DE_SELLER;
    expect(issues('xrechnung', { from: bare, to: DE_PUBLIC_BUYER }).map((i) => i.rule)).toEqual([
      'PEPPOL-EN16931-R020',
      'BR-DE-2',
    ]);
    const partial = issues('xrechnung', { from: { ...bare, phone: '+49 30 1' }, to: DE_PUBLIC_BUYER });
    expect(partial.map((i) => [i.rule, i.path])).toEqual([
      ['PEPPOL-EN16931-R020', 'from.electronic_address'],
      ['BR-DE-5', 'from.contact_name'],
      ['BR-DE-7', 'from.email'],
    ]);
  });

  it('NL-R-002 names the part of the Dutch address that is missing', () => {
    const nl = {
      name: 'NL BV',
      address: 'Keizersgracht 1\nAmsterdam\nNetherlands',
      electronic_address: { scheme: '0106', id: '12345678' },
    };
    expect(issues('peppol', { from: nl, to: BE_BUYER })).toContainEqual(
      expect.objectContaining({ rule: 'NL-R-002', path: 'from.postal_code' }),
    );
  });

  it('SE-R-006 names the field that set the rate a Swedish seller may not charge', () => {
    const found = issues('peppol', {
      from: SE_SELLER,
      to: SE_BUYER,
      items: [
        { description: 'a', tax_rate: 25 },
        { description: 'b', tax_rate: 21 },
      ],
    });
    expect(found).toEqual([expect.objectContaining({ rule: 'SE-R-006', path: 'items[1].tax_rate' })]);
  });
});

describe('C-ISO: a 3-decimal currency under the Peppol and XRechnung profiles', () => {
  it.each([
    ['peppol', BE_SELLER, BE_BUYER],
    ['xrechnung', DE_SELLER, DE_PUBLIC_BUYER],
  ])(
    '%s: a complete KWD invoice names exactly the EN 16931 decimal rules, each at invoice.currency',
    (profile, from, to) => {
      const body = {
        from,
        to,
        invoice: {
          number: 'P-1',
          date: '2026-03-02',
          due_date: '2026-04-01',
          buyer_reference: LEITWEG_ID,
          currency: 'KWD',
        },
        items: [{ description: 'x', quantity: 3, unit_price: 0.3335, tax_rate: 19 }],
        payment: { iban: 'DE89370400440532013000' },
        einvoice_profile: profile,
      };
      const resolved = resolveProfileCase(body);
      const found = ublEInvoiceIssues(resolved, profile as 'peppol');
      // the CEN prediction (checked against the Schematron in iso-currency-issues.test.ts), nothing of the profile's own
      const predicted = en16931Issues(resolved);
      expect(predicted).toEqual(expect.arrayContaining(['UBL-DT-01', 'BR-DEC-09', 'BR-DEC-14', 'BR-DEC-23']));
      expect(found.map((i) => i.rule)).toEqual(predicted);
      expect(found.every((i) => (DECIMAL_RULES as readonly string[]).includes(i.rule))).toBe(true);
      for (const i of found) expect([i.rule, i.path]).toEqual([i.rule, 'invoice.currency']);
      // the profile's own rules (the tests' reading of the Peppol and XRechnung Schematrons) find nothing else
      const doc = parseUbl(renderInvoiceUbl(resolved));
      expect(profile === 'peppol' ? checkPeppol(doc) : checkXRechnung(doc)).toEqual([]);
    },
  );
});

describe('BR-DE-18 / DE-R-018: Skonto lines in the payment terms', () => {
  it.each([
    ['#SKONTO#TAGE=14#PROZENT=2.00#\n', false],
    ['Zahlbar in 30 Tagen\n#SKONTO#TAGE=14#PROZENT=2.00#\n#SKONTO#TAGE=7#PROZENT=3.00#BASISBETRAG=100.00#\n', false],
    ['Net 30, no # at a line start', false],
    ['#SKONTO#TAGE=14#PROZENT=2.00#', true],
    ['#SKONTO#TAGE=14#PROZENT=2#\n', true],
    ['#1 priority', true],
    ['  #skonto#tage=14#prozent=2.00#\n', true],
  ])('%j fails: %s', (terms, fails) => {
    expect(failsSkonto(terms)).toBe(fails);
  });
});
