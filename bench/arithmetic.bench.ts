// Arithmetic budget: a 20-line invoice with mixed taxes and discounts, validated and calculated.
// Budget (issue): median under 0.2 ms for parse + calculate on Node 22.
import {
  calculateInvoice,
  parseInvoiceRequest,
  resolveInvoice,
  toInvoiceResponse,
} from '../packages/invoice-model/src/index.ts';
import { measure, ms } from './measure.ts';

const BUDGET_MS = 0.2;

function body() {
  const items = Array.from({ length: 20 }, (_, i) => {
    const item: Record<string, unknown> = {
      description: `Line ${i + 1}`,
      quantity: (i % 7) + 0.5,
      unit_price: (1234 + i * 321) / 100,
      unit: 'hours',
    };
    if (i % 4 === 0) item.discount = 7.5;
    if (i % 4 === 1) Object.assign(item, { discount: 1.25, discount_type: 'amount' });
    if (i % 5 === 0) item.tax_rate = 7.5;
    if (i % 5 === 1)
      item.taxes = [
        { name: 'CGST', rate: 9 },
        { name: 'SGST', rate: 9 },
      ];
    if (i % 5 === 2) item.tax_rate = 0;
    return item;
  });
  // camelCase and a flat field on purpose: normalisation is part of the measured path.
  return {
    from: { name: 'Acme GmbH', address: 'Street 1\nBerlin', taxId: 'DE123' },
    to: { name: 'Client Ltd' },
    currency: 'EUR',
    invoice: { date: '2025-06-01', number: 'INV-1' },
    items,
    globalTax: 19,
    globalDiscount: 5,
    shipping: 12.5,
    rounding: 'nearest',
    deposit: 100,
    amountPaid: 50,
  };
}

const raw = body();
const parsed = parseInvoiceRequest(raw);
if (!parsed.ok) throw new Error(parsed.error.message);
const req = parsed.value;

const parseAndCalc = measure(
  () => {
    const r = parseInvoiceRequest(raw);
    if (!r.ok) throw new Error(r.error.message);
    return calculateInvoice(r.value);
  },
  5000,
  1000,
);
const parseOnly = measure(() => parseInvoiceRequest(raw), 5000, 1000);
const calcOnly = measure(() => calculateInvoice(req), 5000, 1000);
const ctx = { today: '2025-06-01', randomBytes: new Uint8Array(6) };
const toJson = measure(() => toInvoiceResponse(resolveInvoice(req, ctx)), 5000, 1000);

const verdict =
  parseAndCalc.median < BUDGET_MS
    ? `**within budget** (${ms(parseAndCalc.median)} < ${BUDGET_MS} ms)`
    : `**OVER budget** (${ms(parseAndCalc.median)} ≥ ${BUDGET_MS} ms)`;
const row = (name: string, r: ReturnType<typeof measure>) =>
  `| ${name} | ${r.runs} | ${ms(r.median)} | ${ms(r.p95)} | ${ms(r.max)} |`;

console.log(`## Arithmetic (packages/invoice-model)

A 20-line invoice (EUR, mixed per-line rates, CGST+SGST lines, a 0 % group, global tax, percent and amount
line discounts, global discount, shipping, nearest rounding, deposit and amount_paid; camelCase and flat input).

| Step | Runs | Median | p95 | Max |
|---|---|---|---|---|
${row('parseInvoiceRequest + calculateInvoice', parseAndCalc)}
${row('parseInvoiceRequest (normalise + zod + amount rules)', parseOnly)}
${row('calculateInvoice alone', calcOnly)}
${row('resolveInvoice + toInvoiceResponse', toJson)}

Budget: median of parse + calculate under ${BUDGET_MS} ms — ${verdict}.
The machine is shared with other jobs, so medians here are upper bounds.`);
