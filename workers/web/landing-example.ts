// The landing page's live example: a small invoice, its totals computed on the server for the first
// paint (so the page reads right without script) by the same @invoice/model the API and the page's
// bundle use. web/client/example-totals.ts recomputes them in the browser as the reader edits.
import { formatMoney } from '@invoice/i18n';
import { calculateInvoice, minorUnits, parseInvoiceRequest } from '@invoice/model';

export const EXAMPLE_CURRENCIES = ['EUR', 'USD', 'GBP', 'JPY', 'INR'] as const;

/** The request the example starts from; the page's fields edit a copy of it. */
export const EXAMPLE_REQUEST = {
  from: { name: 'Studio North' },
  to: { name: 'Acme GmbH' },
  invoice: { currency: 'EUR' },
  items: [
    { description: 'Design work (hours)', quantity: 12, unit_price: 85 },
    { description: 'Hosting, one year', quantity: 1, unit_price: 240 },
  ],
  global_discount: 10,
  global_tax: 20,
};

export interface ExampleTotals {
  lines: string[];
  subtotal: string;
  discount: string;
  tax: string;
  total: string;
}

export function exampleTotals(raw: unknown): ExampleTotals {
  const parsed = parseInvoiceRequest(raw);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const calc = calculateInvoice(parsed.value);
  const money = (v: { toFixed(d: number): string }) => formatMoney(v, calc.currency, minorUnits(calc.currency), 'en');
  return {
    lines: calc.lines.map((l) => money(l.line_total)),
    subtotal: money(calc.subtotal),
    discount: money(calc.discount_total),
    tax: money(calc.total_tax),
    total: money(calc.grand_total),
  };
}
