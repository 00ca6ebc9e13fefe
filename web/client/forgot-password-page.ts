// `/forgot-password` (issue 24): POST /api/auth/forgot-password, then the API's message, the same for every address.
import { messageOf, postJson } from './api-client.ts';
import { fieldValue, showFormError, whileBusy } from './form-helpers.ts';
import { wireSiteHeader } from './site-header.ts';

wireSiteHeader();
const form = document.querySelector<HTMLFormElement>('#forgot-password')!;
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  if (!form.reportValidity()) return;
  showFormError(form, null);
  await whileBusy(form, async () => {
    try {
      const res = await postJson('/api/auth/forgot-password', { email: fieldValue(form, 'email') });
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
