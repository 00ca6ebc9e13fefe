// `/app/account` (issue 24): the change-password form → POST /api/auth/change-password (the session cookie, JSON).
// The passwords are sent once and the fields emptied afterwards; they are kept nowhere.
import { messageOf, postJson } from './api-client.ts';
import { fieldValue, showFormError, whileBusy } from './form-helpers.ts';
import { wireSiteHeader } from './site-header.ts';

wireSiteHeader();
const form = document.querySelector<HTMLFormElement>('#change-password')!;
const status = document.querySelector<HTMLElement>('[data-out="password-status"]')!;
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  if (!form.reportValidity()) return;
  showFormError(form, null);
  status.hidden = true;
  await whileBusy(form, async () => {
    try {
      const res = await postJson('/api/auth/change-password', {
        current_password: fieldValue(form, 'current_password'),
        new_password: fieldValue(form, 'new_password'),
      });
      form.reset();
      status.textContent = String(res.message);
      status.hidden = false;
      status.focus();
    } catch (err) {
      showFormError(form, messageOf(err));
    }
  });
});
