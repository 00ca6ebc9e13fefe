import { minorUnits, type ResolvedInvoice, toInvoiceResponse } from '@invoice/model';
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { renderInvoiceUbl } from '../src/index.ts';
import { xmlSafeText } from '../src/xml-writer.ts';
import { checkEn16931 } from './en16931-checks.ts';
import { buildInvoiceCases } from './invoice-cases.ts';
import { all, dec, documentLines, one, parseUbl, path } from './ubl-dom.ts';

const cases = buildInvoiceCases();
const rendered = cases.map((c) => ({ ...c, xml: renderInvoiceUbl(c.resolved) }));
const single = rendered.filter((c) => !c.multiComponent);
const multi = rendered.filter((c) => c.multiComponent);

/** The most D1 tax groups that share one line rate, i.e. one S subtotal (several for multi-component lines or same-rate groups). */
function groupsPerRate(resolved: ResolvedInvoice): number {
  const byRate = new Map<string, Set<number>>();
  for (const l of resolved.totals.lines) {
    const rate = l.taxes.reduce((s, t) => s.plus(t.rate), new Decimal(0)).toString();
    const groups = byRate.get(rate) ?? new Set<number>();
    l.taxes.forEach((t) => groups.add(t.group));
    byRate.set(rate, groups);
  }
  return Math.max(1, ...[...byRate.values()].map((g) => g.size));
}

/**
 * BR-S-09 tolerance in minor units. D1 rounds tax once per group on tax-exclusive amounts, which is exactly
 * BR-S-09 when a rate holds one group; with k groups at one rate (or a group split over several rates) the
 * subtotal is a sum of k roundings, off by at most k minor units; a tax-inclusive group's tax is rounded from
 * the gross, so its net taxable × rate may differ by one minor unit per group (docs/ubl.md). The CEN
 * Schematron accepts anything under one currency unit.
 */
function s09Tolerance(c: (typeof rendered)[number]): number {
  const k = groupsPerRate(c.resolved);
  return c.resolved.totals.tax_inclusive || c.multiComponent ? k : k - 1;
}

describe('EN 16931 business rules on the produced XML', () => {
  it('the set covers single-rate, multi-rate, multi-component, tax-inclusive and untaxed invoices', () => {
    expect(single.length).toBeGreaterThan(60);
    expect(multi.length).toBeGreaterThan(5);
    expect(rendered.filter((c) => c.resolved.totals.tax_inclusive).length).toBeGreaterThan(10);
    expect(
      rendered.filter((c) => new Set(c.resolved.totals.tax_lines.map((t) => t.rate.toString())).size > 1).length,
    ).toBeGreaterThan(10);
  });

  it.each(rendered.map((c) => [c.name, c] as const))(
    'BR-CO-10…16, BR-S/Z/E/O-01/05/08/09/10, BR-O-11, BR-DEC hold: %s',
    (_, c) => {
      const mu = minorUnits(c.resolved.totals.currency);
      expect(checkEn16931(parseUbl(c.xml), { minorUnits: mu, s09ToleranceMinor: s09Tolerance(c) })).toEqual([]);
    },
  );

  it('multi-component lines: one S subtotal per summed line rate, naming its components (BR-S-08 holds)', () => {
    for (const c of multi) {
      const rates = new Set(
        c.resolved.totals.lines
          .filter((l) => l.taxes.length > 0)
          .map((l) => l.taxes.reduce((s, t) => s.plus(t.rate), new Decimal(0)))
          .filter((r) => !r.isZero())
          .map((r) => r.toString()),
      );
      const sSubs = all(one(parseUbl(c.xml), 'cac:TaxTotal'), 'cac:TaxSubtotal').filter(
        (s) => path(s, 'cac:TaxCategory', 'cbc:ID').text === 'S',
      );
      expect(
        sSubs.map((s) => new Decimal(path(s, 'cac:TaxCategory', 'cbc:Percent').text).toString()).sort(),
        c.name,
      ).toEqual([...rates].sort());
    }
  });

  it('BR-S-09 holds exactly for every tax-exclusive invoice whose every rate holds one D1 tax group', () => {
    const exact = rendered.filter(
      (r) => !r.resolved.totals.tax_inclusive && !r.multiComponent && groupsPerRate(r.resolved) === 1,
    );
    expect(exact.length).toBeGreaterThan(40);
    for (const c of exact) {
      const v = checkEn16931(parseUbl(c.xml), { minorUnits: minorUnits(c.resolved.totals.currency) });
      expect(
        v.filter((x) => x.startsWith('BR-S-09')),
        c.name,
      ).toEqual([]);
    }
  });

  it('the checks can fail: a tampered total is reported', () => {
    const c = single[0];
    const xml = c.xml.replace(
      /<cbc:TaxExclusiveAmount currencyID="(\w+)">([\d.]+)</,
      (_, cur, v) => `<cbc:TaxExclusiveAmount currencyID="${cur}">${new Decimal(v).plus(1).toFixed(2)}<`,
    );
    const v = checkEn16931(parseUbl(xml), { minorUnits: 2 });
    expect(v.some((x) => x.startsWith('BR-CO-13'))).toBe(true);
    expect(v.some((x) => x.startsWith('BR-CO-15'))).toBe(true);
  });
});

describe('UBL totals are the D1 totals', () => {
  it.each(rendered.map((c) => [c.name, c] as const))(
    'D1: PayableAmount = balance_due, TaxAmount = total_tax, … to the minor unit: %s',
    (_, c) => {
      const { totals, request } = c.resolved;
      const json = toInvoiceResponse(c.resolved);
      const doc = parseUbl(c.xml);
      const lmt = one(doc, 'cac:LegalMonetaryTotal');
      const m = (name: string) => dec(one(lmt, name));
      const cur = totals.currency;

      expect(m('cbc:PayableAmount').toNumber()).toBe(json.balance_due);
      expect(m('cbc:PayableAmount').eq(totals.balance_due)).toBe(true);
      expect(dec(path(doc, 'cac:TaxTotal', 'cbc:TaxAmount')).eq(totals.total_tax)).toBe(true);
      expect(dec(path(doc, 'cac:TaxTotal', 'cbc:TaxAmount')).toNumber()).toBe(json.total_tax);
      expect(m('cbc:TaxInclusiveAmount').plus(m('cbc:PayableRoundingAmount')).toNumber()).toBe(json.grand_total);
      expect(m('cbc:PayableRoundingAmount').toNumber()).toBe(json.rounding_adjustment);
      const paid = totals.deposit.plus(totals.amount_paid);
      expect(m('cbc:PrepaidAmount').eq(Decimal.min(paid, totals.grand_total))).toBe(true);
      expect(
        m('cbc:TaxExclusiveAmount').eq(totals.grand_total.minus(totals.rounding_adjustment).minus(totals.total_tax)),
      ).toBe(true);
      if (!totals.tax_inclusive) {
        expect(m('cbc:LineExtensionAmount').toNumber()).toBe(json.subtotal);
        expect(m('cbc:AllowanceTotalAmount').toNumber()).toBe(json.discount_total);
        expect(m('cbc:ChargeTotalAmount').toNumber()).toBe(json.shipping);
        documentLines(doc).forEach((l, i) =>
          expect(dec(one(l, 'cbc:LineExtensionAmount')).toNumber()).toBe(json.items[i].line_total),
        );
      } else {
        expect(m('cbc:ChargeTotalAmount').toNumber()).toBe(json.shipping);
      }
      // One S TaxSubtotal per positive line rate: its tax is the D1 allocations of the lines at that rate, its name their groups'.
      const sSubs = all(one(doc, 'cac:TaxTotal'), 'cac:TaxSubtotal').filter(
        (s) => path(s, 'cac:TaxCategory', 'cbc:ID').text === 'S',
      );
      const byRate = new Map<string, { amount: Decimal; groups: Set<number> }>();
      for (const l of totals.lines) {
        const rate = l.taxes.reduce((s, t) => s.plus(t.rate), new Decimal(0));
        if (rate.isZero()) continue;
        const e = byRate.get(rate.toString()) ?? { amount: new Decimal(0), groups: new Set<number>() };
        e.amount = e.amount.plus(l.tax_amount);
        l.taxes.forEach((t) => e.groups.add(t.group));
        byRate.set(rate.toString(), e);
      }
      const names = (groups: Set<number>) =>
        [...new Set([...groups].sort((a, b) => a - b).map((g) => xmlSafeText(totals.tax_lines[g].name)))].join(' + ');
      expect(
        sSubs.map((s) => [
          new Decimal(path(s, 'cac:TaxCategory', 'cbc:Percent').text).toString(),
          path(s, 'cac:TaxCategory', 'cbc:Name').text,
          dec(one(s, 'cbc:TaxAmount')).toString(),
        ]),
      ).toEqual([...byRate].map(([rate, e]) => [rate, names(e.groups), e.amount.toString()]));

      expect(one(doc, 'cbc:ID').text).toBe(xmlSafeText(request.invoice.number));
      expect(one(doc, 'cbc:DocumentCurrencyCode').text).toBe(cur);
      expect(documentLines(doc)).toHaveLength(request.items.length);
      expect(c.xml.match(/currencyID="([A-Z]{3})"/g)?.every((a) => a === `currencyID="${cur}"`)).toBe(true);
    },
  );
});

describe('D14 determinism', () => {
  it('the same input twice gives the identical string, for every invoice of the set', () => {
    const again = buildInvoiceCases().map((c) => renderInvoiceUbl(c.resolved));
    expect(again).toEqual(rendered.map((c) => c.xml));
  });
});
