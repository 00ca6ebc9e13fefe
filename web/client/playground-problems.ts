// Validation problems next to the fields they are about. The model's details (the API's 400
// `error.details`, issue 21) give each problem's path and words; the path finds the control with that
// `data-path`, whose error line then shows the problem. Problems without a control are listed above the totals.
import type { IssueDetail } from '@invoice/model';
import type { Control } from './playground-form.ts';

/** Paths the model names that the form shows under another field's path. */
const ALIASES: Record<string, string> = { global_tax: 'global_taxes[0].rate' };

function clearProblems(root: HTMLElement): void {
  for (const el of root.querySelectorAll<HTMLElement>('[aria-invalid="true"]')) el.removeAttribute('aria-invalid');
  for (const el of root.querySelectorAll<HTMLElement>('.field-error[data-error-for]:not([data-own-message])')) {
    el.hidden = true;
    el.textContent = '';
  }
}

/** Marks the fields the details name and lists them all; null clears them. */
export function showProblems(root: HTMLElement, box: HTMLElement, details: readonly IssueDetail[] | null): void {
  clearProblems(root);
  box.replaceChildren();
  box.hidden = details === null;
  if (details === null) return;
  const intro = document.createElement('p');
  intro.textContent = 'The API would refuse this invoice (400):';
  const list = document.createElement('ul');
  for (const { path, message: text } of details) {
    const control = root.querySelector<Control>(`[data-path="${CSS.escape(ALIASES[path] ?? path)}"]:not(.field-error)`);
    const line = document.createElement('li');
    line.textContent = `${path}: ${text}`;
    list.append(line);
    if (!control) continue;
    control.setAttribute('aria-invalid', 'true');
    const error = root.querySelector<HTMLElement>(`[data-error-for="${control.id}"]`);
    if (error) {
      error.textContent = text;
      error.hidden = false;
    }
  }
  box.append(intro, list);
}
