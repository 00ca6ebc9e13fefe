import { Decimal } from 'decimal.js';
import { minorUnits, toInvoiceResponse } from '@invoice/model';
import { describe, expect, it } from 'vitest';
import { renderInvoiceUbl } from '../src/index.ts';
import { xmlSafeText } from '../src/xml-writer.ts';
import { checkEn16931 } from './en16931-checks.ts';
import { buildInvoiceCases } from './invoice-cases.ts';
import { all, dec, one, parseUbl, path } from './ubl-dom.ts';

const cases = buildInvoiceCases();
const rendered = cases.map((c) => ({ ...c, xml: renderInvoiceUbl(c.resolved) }));
const single = rendered.filter((c) => !c.multiComponent);
const multi = rendered.filter((c) => c.multiComponent);

describe('EN 16931 business rules on the produced XML', () => {
  it('the set covers single-rate, multi-rate, multi-component, tax-inclusive and untaxed invoices', () => {
    expect(single.length).toBeGreaterThan(60);
    expect(multi.length).toBeGreaterThan(5);
    expect(rendered.filter((c) => c.resolved.totals.tax_inclusive).length).toBeGreaterThan(10);
    expect(rendered.filter((c) => new Set(c.resolved.totals.tax_lines.map((t) => t.rate.toString())).size > 1).length).toBeGreaterThan(10);
  });

  it.each(single.map((c) => [c.name, c] as const))('BR-CO-10…16, BR-S/Z/E/O-01/05/08/09/10, BR-O-11, BR-DEC hold: %s', (_, c) => {
    const mu = minorUnits(c.resolved.totals.currency);
    // D1 rounds tax per group on tax-exclusive amounts, which is exactly BR-S-09; a tax-inclusive group's tax is
    // rounded from the gross, so its net taxable × rate may differ by one minor unit (docs/ubl.md).
    const tolerance = c.resolved.totals.tax_inclusive ? 1 : 0;
    expect(checkEn16931(parseUbl(c.xml), { minorUnits: mu, s09ToleranceMinor: tolerance })).toEqual([]);
  });

  it.each(multi.map((c) => [c.name, c] as const))('multi-component: only BR-S-08 (one rate per line) cannot hold, every total still reconciles: %s', (_, c) => {
    const mu = minorUnits(c.resolved.totals.currency);
    const tolerance = c.resolved.totals.tax_inclusive ? 1 : 0;
    const violations = checkEn16931(parseUbl(c.xml), { minorUnits: mu, s09ToleranceMinor: tolerance });
    expect(violations.filter((v) => !v.startsWith('BR-S-08'))).toEqual([]);
  });

  it('BR-S-09 holds exactly for every tax-exclusive invoice, including multi-component ones (D1 rounds once per group)', () => {
    for (const c of rendered.filter((r) => !r.resolved.totals.tax_inclusive)) {
      const v = checkEn16931(parseUbl(c.xml), { minorUnits: minorUnits(c.resolved.totals.currency) });
      expect(v.filter((x) => x.startsWith('BR-S-09')), c.name).toEqual([]);
    }
  });

  it('the checks can fail: a tampered total is reported', () => {
    const c = single[0];
    const xml = c.xml.replace(/<cbc:TaxExclusiveAmount currencyID="(\w+)">([\d.]+)</, (_, cur, v) => `<cbc:TaxExclusiveAmount currencyID="${cur}">${new Decimal(v).plus(1).toFixed(2)}<`);
    const v = checkEn16931(parseUbl(xml), { minorUnits: 2 });
    expect(v.some((x) => x.startsWith('BR-CO-13'))).toBe(true);
    expect(v.some((x) => x.startsWith('BR-CO-15'))).toBe(true);
  });
});

describe('UBL totals are the D1 totals', () => {
  it.each(rendered.map((c) => [c.name, c] as const))('D1: PayableAmount = balance_due, TaxAmount = total_tax, … to the minor unit: %s', (_, c) => {
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
    expect(m('cbc:TaxExclusiveAmount').eq(totals.grand_total.minus(totals.rounding_adjustment).minus(totals.total_tax))).toBe(true);
    if (!totals.tax_inclusive) {
      expect(m('cbc:LineExtensionAmount').toNumber()).toBe(json.subtotal);
      expect(m('cbc:AllowanceTotalAmount').toNumber()).toBe(json.discount_total);
      expect(m('cbc:ChargeTotalAmount').toNumber()).toBe(json.shipping);
      all(doc, 'cac:InvoiceLine').forEach((l, i) => expect(dec(one(l, 'cbc:LineExtensionAmount')).toNumber()).toBe(json.items[i].line_total));
    } else {
      expect(m('cbc:ChargeTotalAmount').toNumber()).toBe(json.shipping);
    }
    // One TaxSubtotal per D1 tax group with a positive rate, carrying the group's amount and name.
    const sSubs = all(one(doc, 'cac:TaxTotal'), 'cac:TaxSubtotal').filter((s) => path(s, 'cac:TaxCategory', 'cbc:ID').text === 'S');
    const positive = json.tax_lines.filter((_, g) => !totals.tax_lines[g].rate.isZero());
    expect(sSubs.map((s) => [path(s, 'cac:TaxCategory', 'cbc:Name').text, dec(one(s, 'cbc:TaxAmount')).toNumber()])).toEqual(positive.map((t) => [xmlSafeText(t.name), t.amount]));

    expect(one(doc, 'cbc:ID').text).toBe(xmlSafeText(request.invoice.number));
    expect(one(doc, 'cbc:DocumentCurrencyCode').text).toBe(cur);
    expect(all(doc, 'cac:InvoiceLine')).toHaveLength(request.items.length);
    expect(c.xml.match(/currencyID="([A-Z]{3})"/g)?.every((a) => a === `currencyID="${cur}"`)).toBe(true);
  });
});

describe('D14 determinism', () => {
  it('the same input twice gives the identical string, for every invoice of the set', () => {
    const again = buildInvoiceCases().map((c) => renderInvoiceUbl(c.resolved));
    expect(again).toEqual(rendered.map((c) => c.xml));
  });
});
