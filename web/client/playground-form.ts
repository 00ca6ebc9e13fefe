// The form's invoice-wide controls (everything but the item rows): each names its request field in
// `data-path`. An edit patches that one field of the request, so fields the form does not show (payment,
// ship_to, …, typed in the JSON editor) survive every edit; a new request from the JSON editor refills
// every control. The global tax is one or two components: one without a name is `global_tax`.
import { controlText, controlValue, getPath, type Json, setPath } from './playground-paths.ts';

export type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const TAX_SLOTS = 2;
/** Shown by the colour picker while the template's own colour applies (the picker cannot be blank). */
const NO_ACCENT = '#1f4fd1';

/** The form's controls with a request field, item rows and the logo's file picker excepted. */
function fieldControls(form: HTMLFormElement): Control[] {
  return [...form.querySelectorAll<Control>('input[data-path], select[data-path], textarea[data-path]')].filter(
    (el) => !el.closest('[data-item-row]') && el.type !== 'file',
  );
}

const taxControl = (form: HTMLFormElement, slot: number, part: 'name' | 'rate') =>
  form.querySelector<HTMLInputElement>(`[data-path="global_taxes[${slot}].${part}"]`)!;

/** The tax slots as the request holds them: `global_taxes`, or `global_tax` as one unnamed component. */
function taxSlots(request: Json): { name?: unknown; rate?: unknown }[] {
  if (Array.isArray(request.global_taxes)) return request.global_taxes as { name?: unknown; rate?: unknown }[];
  return request.global_tax === undefined ? [] : [{ rate: request.global_tax }];
}

function applyTaxes(form: HTMLFormElement, request: Json): void {
  const extra = taxSlots(request).slice(TAX_SLOTS);
  const given = [];
  for (let slot = 0; slot < TAX_SLOTS; slot++) {
    const name = controlValue(taxControl(form, slot, 'name').value, false);
    const rate = controlValue(taxControl(form, slot, 'rate').value, true);
    if (name !== undefined || rate !== undefined) given.push(name === undefined ? { rate } : { name, rate });
  }
  const components = [...given, ...extra];
  const single = components.length === 1 && !('name' in components[0]);
  setPath(request, 'global_tax', single ? components[0].rate : undefined);
  setPath(request, 'global_taxes', single || components.length === 0 ? undefined : components);
}

/** Copies one edited control into the request. */
export function applyControl(form: HTMLFormElement, el: Control, request: Json): void {
  const path = el.dataset.path!;
  if (path.startsWith('global_taxes[')) applyTaxes(form, request);
  else if (el.type === 'color') setPath(request, path, el.value);
  else setPath(request, path, controlValue(el.value, el.dataset.numeric !== undefined));
}

/** A select shows a value outside its list (sent from the JSON editor) as an extra option, for the model to refuse. */
function selectValue(select: HTMLSelectElement, value: unknown): void {
  for (const o of select.querySelectorAll('option[data-foreign]')) o.remove();
  const text = controlText(value);
  if (text === '') {
    select.selectedIndex = 0;
    return;
  }
  if (![...select.options].some((o) => o.value === text)) {
    const option = new Option(`${text} (not supported)`, text);
    option.dataset.foreign = '';
    select.add(option);
  }
  select.value = text;
}

/** Fills every control from the request. */
export function writeControls(form: HTMLFormElement, request: Json): void {
  const slots = taxSlots(request);
  for (const el of fieldControls(form)) {
    const path = el.dataset.path!;
    if (path.startsWith('global_taxes[')) {
      const [, slot, part] = /^global_taxes\[(\d+)\]\.(name|rate)$/.exec(path)!;
      el.value = controlText(slots[Number(slot)]?.[part as 'name' | 'rate']);
    } else if (el.type === 'color') {
      const accent = getPath(request, path);
      el.value = typeof accent === 'string' && /^#[0-9a-f]{6}$/i.test(accent) ? accent : NO_ACCENT;
    } else if (el instanceof HTMLSelectElement) selectValue(el, getPath(request, path));
    else el.value = controlText(getPath(request, path));
  }
}
