// `/app/account` (issue 24): the change-email form → POST /api/auth/change-email and the change-password form →
// POST /api/auth/change-password (the session cookie, JSON). Passwords are sent once and the fields emptied
// afterwards; they are kept nowhere.
import { deleteJson, messageOf, postJson } from './api-client.ts';
import { fieldValue, showFormError, whileBusy } from './form-helpers.ts';
import { wireSiteHeader } from './site-header.ts';

wireSiteHeader();

/** Sends the form's fields to `path`; shows the API's message in the status box, or its error in the form. */
function wireForm(formId: string, statusName: string, path: string, fields: readonly string[]): void {
  const form = document.querySelector<HTMLFormElement>(`#${formId}`)!;
  const status = document.querySelector<HTMLElement>(`[data-out="${statusName}"]`)!;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!form.reportValidity()) return;
    showFormError(form, null);
    status.hidden = true;
    await whileBusy(form, async () => {
      try {
        const res = await postJson(path, Object.fromEntries(fields.map((name) => [name, fieldValue(form, name)])));
        form.reset();
        status.textContent = String(res.message);
        status.hidden = false;
        status.focus();
      } catch (err) {
        showFormError(form, messageOf(err));
      }
    });
  });
}

wireForm('change-email', 'email-status', '/api/auth/change-email', ['new_email', 'password']);
wireForm('change-password', 'password-status', '/api/auth/change-password', ['current_password', 'new_password']);

// Close account: the typed address must match before anything is sent; afterwards the session is gone, so the
// reader lands on the public page that says so.
const closeForm = document.querySelector<HTMLFormElement>('#close-account')!;
closeForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  if (!closeForm.reportValidity()) return;
  const typed = fieldValue(closeForm, 'confirm').trim().toLowerCase();
  if (typed !== closeForm.dataset.email) {
    showFormError(closeForm, 'Type your email address exactly as shown to confirm.');
    return;
  }
  showFormError(closeForm, null);
  await whileBusy(closeForm, async () => {
    try {
      await deleteJson('/api/auth/account', { password: fieldValue(closeForm, 'password') });
      window.location.assign('/account-closed');
    } catch (err) {
      showFormError(closeForm, messageOf(err));
    }
  });
});
