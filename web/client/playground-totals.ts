// The playground's totals, computed in the browser by the code the API runs for `output: json`:
// parseInvoiceRequest → resolveInvoice → toInvoiceResponse (@invoice/model), so every number shown is
// the number POST /api/generate-invoice answers. Each total carries its JSON value in `data-value`.
import './zod-without-eval.ts';
import { formatMoney } from '@invoice/i18n';
import {
  type CurrencyCode,
  InvoiceModelError,
  type InvoiceResponse,
  type IssueDetail,
  minorUnits,
  parseInvoiceRequest,
  type ResolvedInvoice,
  resolveInvoice,
  toInvoiceResponse,
} from '@invoice/model';

export type Computed =
  | { ok: true; invoice: InvoiceResponse; resolved: ResolvedInvoice }
  | { ok: false; details: readonly IssueDetail[] };

/** The API's JSON answer for this request (`invoice`), or the details of the API's 400. */
export function computeInvoice(raw: unknown): Computed {
  const parsed = parseInvoiceRequest(raw);
  if (!parsed.ok) return { ok: false, details: parsed.error.details };
  try {
    const resolved = resolveInvoice(parsed.value, {
      today: new Date().toISOString().slice(0, 10),
      randomBytes: crypto.getRandomValues(new Uint8Array(8)),
    });
    return { ok: true, invoice: toInvoiceResponse(resolved), resolved };
  } catch (err) {
    if (err instanceof InvoiceModelError) return { ok: false, details: err.details };
    throw err;
  }
}

type TotalKey =
  | 'subtotal'
  | 'discount_total'
  | 'shipping'
  | 'total_tax'
  | 'rounding_adjustment'
  | 'grand_total'
  | 'deposit'
  | 'amount_paid'
  | 'balance_due';

/** The rows of the totals list; `always` rows show even at zero. */
const ROWS: { key: TotalKey; label: string; always?: boolean; strong?: boolean; minus?: boolean }[] = [
  { key: 'subtotal', label: 'Subtotal', always: true },
  { key: 'discount_total', label: 'Discount', minus: true },
  { key: 'shipping', label: 'Shipping' },
  { key: 'total_tax', label: 'Tax', always: true },
  { key: 'rounding_adjustment', label: 'Rounding' },
  { key: 'grand_total', label: 'Total', always: true, strong: true },
  { key: 'deposit', label: 'Deposit', minus: true },
  { key: 'amount_paid', label: 'Paid', minus: true },
  { key: 'balance_due', label: 'Balance due', always: true, strong: true },
];

function row(list: HTMLElement, label: string, text: string, attrs: Record<string, string>, cls = ''): void {
  const div = document.createElement('div');
  if (cls) div.className = cls;
  const dt = document.createElement('dt');
  dt.textContent = label;
  const dd = document.createElement('dd');
  dd.textContent = text;
  for (const [k, v] of Object.entries(attrs)) dd.setAttribute(k, v);
  div.append(dt, dd);
  list.append(div);
}

/** Rewrites the totals list and the rows' line totals from the computed invoice. */
export function renderTotals(list: HTMLElement, lineTotals: HTMLElement[], invoice: InvoiceResponse): void {
  const currency = invoice.currency as CurrencyCode;
  const money = (n: number) => formatMoney(String(n), currency, minorUnits(currency), 'en');
  list.replaceChildren();
  // One tax group is the tax total: shown once, under the group's name (issue 27).
  const [onlyTax, ...otherTaxes] = invoice.tax_lines;
  const single = onlyTax !== undefined && otherTaxes.length === 0 && onlyTax.amount === invoice.total_tax;
  for (const r of ROWS) {
    const value = invoice[r.key];
    if (r.key === 'total_tax' && single) {
      row(list, onlyTax.name, money(value), { 'data-total': r.key, 'data-tax-line': '0', 'data-value': String(value) });
      continue;
    }
    if (r.key === 'total_tax')
      invoice.tax_lines.forEach((t, i) =>
        row(
          list,
          t.name,
          money(t.amount),
          { 'data-tax-line': String(i), 'data-value': String(t.amount) },
          'totals__sub',
        ),
      );
    const shown = r.always || value !== 0;
    const label = r.key === 'shipping' ? invoice.shipping_label : r.label;
    const text = r.minus && value !== 0 ? `−${money(value)}` : money(value);
    row(list, label, text, { 'data-total': r.key, 'data-value': String(value) }, r.strong ? 'totals__grand' : '');
    if (!shown) (list.lastElementChild as HTMLElement).hidden = true;
  }
  lineTotals.forEach((out, i) => {
    const item = invoice.items[i];
    out.textContent = item ? money(item.line_total) : '–';
  });
}

/** The phone's summary bar (issue 27): the total as the totals list shows it, marked stale while the form has errors. */
export function showSummary(bar: HTMLElement, list: HTMLElement, ok: boolean): void {
  const total = list.querySelector('[data-total="grand_total"]')?.textContent;
  bar.querySelector('[data-summary-total]')!.textContent = total ?? '–';
  bar.classList.toggle('pg-summary--stale', !ok);
}
