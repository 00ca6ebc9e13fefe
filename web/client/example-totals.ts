// The landing page's example computed in the browser by the bundled @invoice/model, the code the API
// runs (workers/web/landing-example.ts renders the first paint with the same functions), so the page
// needs no request and spends none of the reader's anonymous quota.
import './zod-without-eval.ts';
import { formatMoney } from '@invoice/i18n';
import { calculateInvoice, minorUnits, parseInvoiceRequest } from '@invoice/model';

export interface ExampleTotals {
  lines: string[];
  subtotal: string;
  discount: string;
  tax: string;
  total: string;
}

/** The totals of a request, or the model's own message naming the field that is wrong. */
export function computeTotals(raw: unknown): { ok: true; totals: ExampleTotals } | { ok: false; message: string } {
  const parsed = parseInvoiceRequest(raw);
  if (!parsed.ok) return { ok: false, message: parsed.error.message };
  try {
    const calc = calculateInvoice(parsed.value);
    const money = (v: { toFixed(d: number): string }) => formatMoney(v, calc.currency, minorUnits(calc.currency), 'en');
    return {
      ok: true,
      totals: {
        lines: calc.lines.map((l) => money(l.line_total)),
        subtotal: money(calc.subtotal),
        discount: money(calc.discount_total),
        tax: money(calc.total_tax),
        total: money(calc.grand_total),
      },
    };
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
}
