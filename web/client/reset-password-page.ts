// `/reset-password?token=…` (issue 24): the token the server put in data-token and the new password go to
// POST /api/auth/reset-password once; the password is kept nowhere.
import { messageOf, postJson } from './api-client.ts';
import { fieldValue, showFormError, whileBusy } from './form-helpers.ts';
import { wireSiteHeader } from './site-header.ts';

wireSiteHeader();
const form = document.querySelector<HTMLFormElement>('#reset-password')!;
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  if (!form.reportValidity()) return;
  showFormError(form, null);
  await whileBusy(form, async () => {
    try {
      const res = await postJson('/api/auth/reset-password', {
        token: form.dataset.token ?? '',
        password: fieldValue(form, 'password'),
      });
      const done = document.querySelector<HTMLElement>('[data-step="done"]')!;
      done.querySelector('[data-out="message"]')!.textContent = String(res.message);
      document.querySelector<HTMLElement>('[data-step="form"]')!.hidden = true;
      done.hidden = false;
      done.focus();
    } catch (err) {
      showFormError(form, messageOf(err));
    }
  });
});
