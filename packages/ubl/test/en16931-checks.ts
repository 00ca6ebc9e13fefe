import { Decimal } from 'decimal.js';
import { all, dec, documentLines, type El, one, opt, path } from './ubl-dom.ts';

/**
 * Re-implementation, for the tests, of the EN 16931 rules the XSD cannot check: the arithmetic rules
 * BR-CO-10 … BR-CO-16 and the VAT category rules of S, Z, E and O (BR-x-01, -05, -08, -09, -10,
 * BR-O-11), read from the produced XML only. Returns the violations as "RULE: detail" strings.
 */

interface Category {
  id: string;
  percent?: string;
  hasReason: boolean;
}
/** BR-S-08 sums per rate; BR-Z/E/O-08 per category (an O breakdown may state a rate of 0: XRechnung's BR-DE-14). */
const key = (c: Category) =>
  c.id === 'S' ? `S|${c.percent === undefined ? '' : new Decimal(c.percent).toString()}` : c.id;

function category(el: El): Category {
  const pct = opt(el, 'cbc:Percent');
  return {
    id: one(el, 'cbc:ID').text,
    percent: pct?.text,
    hasReason: !!(opt(el, 'cbc:TaxExemptionReason') || opt(el, 'cbc:TaxExemptionReasonCode')),
  };
}

export interface CheckOptions {
  /** Minor units of the document currency. */
  minorUnits: number;
  /** Allowed |TaxAmount − round(taxable × rate)| in minor units for BR-S-09 (0 = exact). */
  s09ToleranceMinor?: number;
}

export function checkEn16931(doc: El, opts: CheckOptions): string[] {
  const v: string[] = [];
  const eq = (rule: string, actual: Decimal, expected: Decimal, what: string) => {
    if (!actual.eq(expected)) v.push(`${rule}: ${what}: ${actual.toString()} ≠ ${expected.toString()}`);
  };
  const sum = (xs: Decimal[]) => xs.reduce((a, b) => a.plus(b), new Decimal(0));

  const lines = documentLines(doc).map((l) => ({
    net: dec(one(l, 'cbc:LineExtensionAmount')),
    cat: category(path(l, 'cac:Item', 'cac:ClassifiedTaxCategory')),
  }));
  const acs = all(doc, 'cac:AllowanceCharge').map((a) => ({
    charge: one(a, 'cbc:ChargeIndicator').text === 'true',
    amount: dec(one(a, 'cbc:Amount')),
    cat: category(one(a, 'cac:TaxCategory')),
  }));
  const taxTotals = all(doc, 'cac:TaxTotal');
  if (taxTotals.length !== 1) v.push(`BR-CO-18: expected one TaxTotal, found ${taxTotals.length}`);
  const taxTotal = taxTotals[0];
  const subs = all(taxTotal, 'cac:TaxSubtotal').map((s) => ({
    taxable: dec(one(s, 'cbc:TaxableAmount')),
    amount: dec(one(s, 'cbc:TaxAmount')),
    cat: category(one(s, 'cac:TaxCategory')),
  }));
  const lmt = one(doc, 'cac:LegalMonetaryTotal');
  const m = (name: string) => dec(opt(lmt, name));

  const allowances = sum(acs.filter((a) => !a.charge).map((a) => a.amount));
  const charges = sum(acs.filter((a) => a.charge).map((a) => a.amount));
  eq(
    'BR-CO-10',
    m('cbc:LineExtensionAmount'),
    sum(lines.map((l) => l.net)),
    'LineExtensionAmount = Σ line net amounts',
  );
  eq('BR-CO-11', m('cbc:AllowanceTotalAmount'), allowances, 'AllowanceTotalAmount = Σ document allowances');
  eq('BR-CO-12', m('cbc:ChargeTotalAmount'), charges, 'ChargeTotalAmount = Σ document charges');
  eq(
    'BR-CO-13',
    m('cbc:TaxExclusiveAmount'),
    m('cbc:LineExtensionAmount').minus(m('cbc:AllowanceTotalAmount')).plus(m('cbc:ChargeTotalAmount')),
    'TaxExclusiveAmount = lines − allowances + charges',
  );
  eq(
    'BR-CO-14',
    dec(one(taxTotal, 'cbc:TaxAmount')),
    sum(subs.map((s) => s.amount)),
    'TaxAmount = Σ subtotal tax amounts',
  );
  eq(
    'BR-CO-15',
    m('cbc:TaxInclusiveAmount'),
    m('cbc:TaxExclusiveAmount').plus(dec(one(taxTotal, 'cbc:TaxAmount'))),
    'TaxInclusiveAmount = TaxExclusiveAmount + TaxAmount',
  );
  eq(
    'BR-CO-16',
    m('cbc:PayableAmount'),
    m('cbc:TaxInclusiveAmount').minus(m('cbc:PrepaidAmount')).plus(m('cbc:PayableRoundingAmount')),
    'PayableAmount = TaxInclusive − Prepaid + Rounding',
  );

  // Category rules, per category code (and, for S, per rate).
  const used = [...lines.map((l) => l.cat), ...acs.map((a) => a.cat)];
  for (const id of ['S', 'Z', 'E', 'O']) {
    const usedHere = used.filter((c) => c.id === id);
    const subsHere = subs.filter((s) => s.cat.id === id);
    if (usedHere.length === 0) {
      if (subsHere.length > 0 && id !== 'S')
        v.push(`BR-${id}-08: a ${id} breakdown without any ${id} line, allowance or charge`);
      continue;
    }
    if (id === 'S' ? subsHere.length === 0 : subsHere.length !== 1)
      v.push(`BR-${id}-01: ${subsHere.length} ${id} breakdowns`);
    for (const l of lines.filter((l) => l.cat.id === id)) {
      const pct = l.cat.percent === undefined ? undefined : new Decimal(l.cat.percent);
      if (id === 'S' && !pct?.gt(0)) v.push('BR-S-05: S line without a positive rate');
      if ((id === 'Z' || id === 'E') && !pct?.isZero()) v.push(`BR-${id}-05: ${id} line rate must be 0`);
      if (id === 'O' && pct !== undefined) v.push('BR-O-05: O line must not have a rate');
    }
    for (const s of subsHere) {
      if ((id === 'S' || id === 'Z') && s.cat.hasReason) v.push(`BR-${id}-10: exemption reason on a ${id} breakdown`);
      if ((id === 'E' || id === 'O') && !s.cat.hasReason)
        v.push(`BR-${id}-10: ${id} breakdown without exemption reason`);
      if (id !== 'S' && !s.amount.isZero()) v.push(`BR-${id}-09: ${id} tax amount must be 0`);
      if (id === 'S') {
        const expected = s.taxable
          .times(new Decimal(s.cat.percent ?? '0'))
          .dividedBy(100)
          .toDecimalPlaces(opts.minorUnits, Decimal.ROUND_HALF_UP);
        const diff = s.amount.minus(expected).abs().times(new Decimal(10).pow(opts.minorUnits));
        if (diff.gt(opts.s09ToleranceMinor ?? 0))
          v.push(`BR-S-09: ${s.amount} ≠ round(${s.taxable} × ${s.cat.percent}%) = ${expected}`);
      }
    }
    // BR-x-08: per key, Σ breakdown taxable = Σ line nets − allowances + charges of that key.
    for (const k of new Set([...usedHere.map(key), ...subsHere.map((s) => key(s.cat))])) {
      const expected = sum(lines.filter((l) => key(l.cat) === k).map((l) => l.net))
        .minus(sum(acs.filter((a) => !a.charge && key(a.cat) === k).map((a) => a.amount)))
        .plus(sum(acs.filter((a) => a.charge && key(a.cat) === k).map((a) => a.amount)));
      eq(
        `BR-${id}-08`,
        sum(subsHere.filter((s) => key(s.cat) === k).map((s) => s.taxable)),
        expected,
        `taxable amount of ${k}`,
      );
    }
  }
  if (subs.some((s) => s.cat.id === 'O') && subs.some((s) => s.cat.id !== 'O'))
    v.push('BR-O-11: O breakdown beside other categories');

  // BR-DEC: document amounts carry at most the currency's minor units (prices are exempt).
  const walk = (el: El) => {
    if (el.attrs.currencyID !== undefined && el.name !== 'cbc:PriceAmount') {
      const places = el.text.includes('.') ? el.text.split('.')[1].length : 0;
      if (places !== opts.minorUnits) v.push(`BR-DEC: ${el.name} ${el.text} has ${places} decimals`);
    }
    el.children.forEach(walk);
  };
  walk(doc);
  return v;
}
