// Small pieces the forms share: one error box per form (role="alert", focused so screen readers and
// keyboard users land on it), and a busy state that keeps a form from being sent twice.

/** Shows `message` in the form's `.form-error` box (or hides it for null) and moves focus there. */
export function showFormError(form: HTMLFormElement, message: string | null): void {
  const box = form.querySelector<HTMLElement>('.form-error');
  if (!box) return;
  box.textContent = message ?? '';
  box.hidden = message === null;
  if (message !== null) box.focus();
}

/** Disables the form's submit button while `work` runs. */
export async function whileBusy<T>(form: HTMLFormElement, work: () => Promise<T>): Promise<T> {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (button) button.disabled = true;
  form.setAttribute('aria-busy', 'true');
  try {
    return await work();
  } finally {
    if (button) button.disabled = false;
    form.removeAttribute('aria-busy');
  }
}

/** The value of a named text field of the form. */
export function fieldValue(form: HTMLFormElement, name: string): string {
  return (form.elements.namedItem(name) as HTMLInputElement).value;
}
