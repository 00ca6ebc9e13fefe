// `/`: the live example. Every edit rebuilds the request from the form (starting from the example the
// server put in data-request), recomputes it and shows the totals, or the field the model refuses.
import { computeTotals } from './example-totals.ts';
import { wireSiteHeader } from './site-header.ts';

type ExampleRequest = {
  invoice: { currency: string };
  items: { description: string; quantity: number; unit_price: number }[];
  global_discount: number;
  global_tax: number;
};

/** An empty field is sent as missing (the model's default), anything else as the number typed. */
function numberOrUndefined(input: HTMLInputElement | HTMLSelectElement): number | undefined {
  return input.value.trim() === '' ? undefined : Number(input.value);
}

function readRequest(form: HTMLFormElement, base: ExampleRequest): ExampleRequest {
  const request = structuredClone(base);
  form.querySelectorAll<HTMLFieldSetElement>('fieldset[data-line]').forEach((fieldset) => {
    const item = request.items[Number(fieldset.dataset.line)];
    const field = (name: string) => fieldset.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
    item.description = field('description').value;
    item.quantity = numberOrUndefined(field('quantity')) as number;
    item.unit_price = numberOrUndefined(field('unit_price')) as number;
  });
  const control = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  request.invoice.currency = control('currency').value;
  request.global_discount = numberOrUndefined(control('global_discount')) as number;
  request.global_tax = numberOrUndefined(control('global_tax')) as number;
  return request;
}

function update(form: HTMLFormElement, base: ExampleRequest): void {
  const request = readRequest(form, base);
  const out = (name: string) => form.parentElement!.querySelector<HTMLElement>(`[data-out="${name}"]`)!;
  out('json').textContent = JSON.stringify(request, null, 2);
  const result = computeTotals(request);
  const error = out('error');
  error.hidden = result.ok;
  form.classList.toggle('example--invalid', !result.ok);
  if (!result.ok) {
    error.textContent = result.message;
    return;
  }
  const lines = form.querySelectorAll<HTMLOutputElement>('[data-out="line"]');
  result.totals.lines.forEach((text, i) => (lines[i].textContent = text));
  for (const name of ['subtotal', 'discount', 'tax', 'total'] as const) out(name).textContent = result.totals[name];
}

wireSiteHeader();
const form = document.querySelector<HTMLFormElement>('#example');
if (form) {
  const base = JSON.parse(form.dataset.request ?? '{}') as ExampleRequest;
  form.addEventListener('input', () => update(form, base));
  form.addEventListener('submit', (e) => e.preventDefault());
  update(form, base);
}
