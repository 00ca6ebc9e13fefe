// `/signup`: registers through POST /api/auth/register and shows the API's message (where the
// verification link went). The password is sent once, in the JSON body, and kept nowhere.
import { messageOf, postJson } from './api-client.ts';
import { fieldValue, showFormError, whileBusy } from './form-helpers.ts';
import { wireSiteHeader } from './site-header.ts';

wireSiteHeader();
const form = document.querySelector<HTMLFormElement>('#signup')!;
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  if (!form.reportValidity()) return;
  showFormError(form, null);
  await whileBusy(form, async () => {
    try {
      const res = await postJson('/api/auth/register', {
        email: fieldValue(form, 'email'),
        password: fieldValue(form, 'password'),
      });
      const done = document.querySelector<HTMLElement>('[data-step="done"]')!;
      done.querySelector('[data-out="message"]')!.textContent = String(res.message);
      document.querySelector<HTMLElement>('[data-step="form"]')!.hidden = true;
      document.querySelector<HTMLElement>('[data-out="login-hint"]')!.hidden = true;
      done.hidden = false;
      done.focus();
    } catch (err) {
      showFormError(form, messageOf(err));
    }
  });
});
