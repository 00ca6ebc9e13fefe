// What every page's header needs: the "Log out" button (signed-in pages). Logging out is a POST to
// the API, never a link, so no other site can log a reader out with an <img> or a link.
import { postJson } from './api-client.ts';

export function wireSiteHeader(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-action="logout"]');
  button?.addEventListener('click', async () => {
    button.disabled = true;
    try {
      await postJson('/api/auth/logout');
    } catch {
      // An expired session is logged out already; the login page says so either way.
    }
    location.assign('/login?logged_out=1');
  });
}
