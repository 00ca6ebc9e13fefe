// `/login`: POST /api/auth/login sets the HttpOnly session cookie; then on to the page the server
// put in data-next (a path under /app it already checked, never a URL from elsewhere).
import { messageOf, postJson } from './api-client.ts';
import { fieldValue, showFormError, whileBusy } from './form-helpers.ts';
import { wireSiteHeader } from './site-header.ts';

wireSiteHeader();
const form = document.querySelector<HTMLFormElement>('#login')!;
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  if (!form.reportValidity()) return;
  showFormError(form, null);
  await whileBusy(form, async () => {
    try {
      await postJson('/api/auth/login', { email: fieldValue(form, 'email'), password: fieldValue(form, 'password') });
      location.assign(form.dataset.next ?? '/app');
    } catch (err) {
      showFormError(form, messageOf(err));
    }
  });
});
