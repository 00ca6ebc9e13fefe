// The item rows: one <fieldset> per element of `items`, cloned from the page's <template>. Rows are
// numbered from their position (ids `item-3-quantity`, legend "Item 3", "Remove item 3", and
// `data-path="items[2].quantity"` for the model's messages), so adding and removing keeps them in order.
import type { Control } from './playground-form.ts';
import { controlText, controlValue, getPath, type Json, setPath } from './playground-paths.ts';

/** What "Add an item" appends; the empty description is for the reader to fill (the model says so). */
const NEW_ITEM = { description: '', quantity: 1, unit_price: 0 };

export function itemRows(container: HTMLElement): HTMLFieldSetElement[] {
  return [...container.querySelectorAll<HTMLFieldSetElement>('[data-item-row]')];
}

/** Re-numbers every id, label and name inside a row for position `i` (0-based). */
function numberRow(row: HTMLFieldSetElement, i: number): void {
  const n = i + 1;
  const renumber = (id: string) => id.replace(/^item-\d+-/, `item-${n}-`);
  for (const el of row.querySelectorAll<HTMLElement>('[id]')) el.id = renumber(el.id);
  for (const el of row.querySelectorAll<HTMLLabelElement>('label[for]')) el.htmlFor = renumber(el.htmlFor);
  for (const el of row.querySelectorAll<HTMLElement>('[aria-describedby]'))
    el.setAttribute('aria-describedby', el.getAttribute('aria-describedby')!.split(' ').map(renumber).join(' '));
  for (const el of row.querySelectorAll<HTMLElement>('[data-error-for]'))
    el.dataset.errorFor = renumber(el.dataset.errorFor!);
  for (const el of row.querySelectorAll<Control>('[data-item-field]')) {
    el.name = el.id;
    el.dataset.path = `items[${i}].${el.dataset.itemField}`;
  }
  row.dataset.index = String(i);
  row.querySelector('[data-item-legend]')!.textContent = `Item ${n}`;
  row.querySelector('[data-action="remove-item"]')!.setAttribute('aria-label', `Remove item ${n}`);
}

/** Makes one row per item and fills it. */
export function writeItems(container: HTMLElement, template: HTMLTemplateElement, request: Json): void {
  const items = Array.isArray(request.items) ? request.items : [];
  const rows = itemRows(container);
  while (rows.length > items.length) rows.pop()!.remove();
  while (rows.length < items.length) {
    const row = (template.content.firstElementChild as HTMLFieldSetElement).cloneNode(true) as HTMLFieldSetElement;
    // Numbered before it joins the form; below, a row that keeps its place is not renamed again.
    numberRow(row, rows.length);
    container.append(row);
    rows.push(row);
  }
  rows.forEach((row, i) => {
    if (row.dataset.index !== String(i)) numberRow(row, i);
    for (const el of row.querySelectorAll<Control>('[data-item-field]')) {
      const value = getPath(items[i], el.dataset.itemField!);
      if (el instanceof HTMLSelectElement) el.value = controlText(value) || el.options[0].value;
      else el.value = controlText(value);
    }
  });
}

/** Copies one edited item control into the request. */
export function applyItemControl(el: Control, request: Json): void {
  const row = el.closest<HTMLElement>('[data-item-row]')!;
  const path = `items[${row.dataset.index}].${el.dataset.itemField}`;
  setPath(request, path, controlValue(el.value, el.dataset.numeric !== undefined));
}

export function addItem(request: Json): number {
  if (!Array.isArray(request.items)) request.items = [];
  const items = request.items as unknown[];
  items.push({ ...NEW_ITEM });
  return items.length - 1;
}

export function removeItem(request: Json, index: number): void {
  if (Array.isArray(request.items)) request.items.splice(index, 1);
}

/** Puts the keyboard where the reader expects after adding or removing a row. */
export function focusAfterChange(container: HTMLElement, index: number, fallback: HTMLElement): void {
  const rows = itemRows(container);
  const row = rows[Math.min(index, rows.length - 1)];
  (row?.querySelector<HTMLElement>('[data-item-field="description"]') ?? fallback).focus();
}
