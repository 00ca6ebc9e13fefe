// Validation problems next to the fields they are about. The model's message (the API's 400 message,
// D4) names each problem as `path: rule`; the path finds the control with that `data-path`, whose error
// line then shows the rule in the model's words. Problems without a control are listed above the totals.
import type { Control } from './playground-form.ts';

/** Paths the model names that the form shows under another field's path. */
const ALIASES: Record<string, string> = { global_tax: 'global_taxes[0].rate' };

/** `a: x; items[2].quantity: y` → [['a', 'x'], ['items[2].quantity', 'y']] (the "and N more" tail stays whole). */
function splitIssues(message: string): [string, string][] {
  return message.split(/; (?=(?:[a-z_]+|\[\d+\])+(?:\.[a-z_]+(?:\[\d+\])*)*: |and \d+ more issue)/).map((part) => {
    const m = /^((?:[a-z_]+|\[\d+\])(?:[a-z_.]|\[\d+\])*): ([\s\S]*)$/.exec(part);
    return m ? [m[1], m[2]] : ['', part];
  });
}

function clearProblems(root: HTMLElement): void {
  for (const el of root.querySelectorAll<HTMLElement>('[aria-invalid="true"]')) el.removeAttribute('aria-invalid');
  for (const el of root.querySelectorAll<HTMLElement>('.field-error[data-error-for]:not([data-own-message])')) {
    el.hidden = true;
    el.textContent = '';
  }
}

/** Marks the fields the message names and lists what no field shows; an empty message clears them all. */
export function showProblems(root: HTMLElement, box: HTMLElement, message: string | null): void {
  clearProblems(root);
  box.replaceChildren();
  box.hidden = message === null;
  if (message === null) return;
  const intro = document.createElement('p');
  intro.textContent = 'The API would refuse this invoice (400):';
  const list = document.createElement('ul');
  for (const [path, text] of splitIssues(message)) {
    const control = root.querySelector<Control>(`[data-path="${ALIASES[path] ?? path}"]:not(.field-error)`);
    const line = document.createElement('li');
    line.textContent = path ? `${path}: ${text}` : text;
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
