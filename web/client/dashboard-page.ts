// `/app`: the usage bars, "send a new verification link", and key rotation. The new key is put into
// one read-only input and nowhere else; leaving the page forgets it.
import { messageOf, postJson } from './api-client.ts';
import { wireCopyButtons } from './copy-button.ts';
import { wireSiteHeader } from './site-header.ts';

/** Bar widths through the CSSOM: the CSP allows no style attributes in the markup. */
function drawUsageBars(): void {
  for (const fill of document.querySelectorAll<HTMLElement>('.bar__fill[data-share]')) {
    fill.style.width = `${Number(fill.dataset.share)}%`;
  }
}

function wireResend(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-action="resend"]');
  const status = document.querySelector<HTMLElement>('[data-out="resend-status"]');
  button?.addEventListener('click', async () => {
    button.disabled = true;
    try {
      status!.textContent = String((await postJson('/api/auth/resend-verification')).message);
    } catch (err) {
      status!.textContent = messageOf(err);
    } finally {
      button.disabled = false;
    }
  });
}

function wireRotation(): void {
  const card = document.querySelector<HTMLElement>('[data-key-card]');
  if (!card) return;
  const step = (name: string) => card.querySelector<HTMLElement>(`[data-step="${name}"]`)!;
  const action = (name: string) => card.querySelector<HTMLButtonElement>(`[data-action="${name}"]`);
  const error = card.querySelector<HTMLElement>('[data-out="key-error"]')!;
  const start = action('rotate-start');
  if (!start) return; // unverified: no key can be made yet

  start.addEventListener('click', () => {
    // A first key revokes nothing: no confirmation needed.
    if (card.querySelector('[data-out="masked-key"]')!.textContent === 'No key yet') return void rotate();
    // A key shown earlier on this page is the one about to be revoked: take it off the screen.
    step('shown').hidden = true;
    card.querySelector<HTMLInputElement>('[data-out="new-key"]')!.value = '';
    step('confirm').hidden = false;
    start.setAttribute('aria-expanded', 'true');
    action('rotate-confirm')!.focus();
  });
  action('rotate-cancel')!.addEventListener('click', () => {
    step('confirm').hidden = true;
    start.setAttribute('aria-expanded', 'false');
    start.focus();
  });
  action('rotate-confirm')!.addEventListener('click', () => rotate());

  async function rotate(): Promise<void> {
    error.hidden = true;
    start!.disabled = true;
    // A first key replaces nothing: its banner says nothing of a previous key (issue 27).
    const hadKey = card!.querySelector('[data-out="masked-key"]')!.textContent !== 'No key yet';
    try {
      const key = String((await postJson('/api/auth/generate-api-key')).api_key);
      card!.querySelector<HTMLElement>('[data-out="previous-key"]')!.hidden = !hadKey;
      card!.querySelector<HTMLInputElement>('[data-out="new-key"]')!.value = key;
      card!.querySelector('[data-out="masked-key"]')!.textContent = `inv_sk_…${key.slice(-4)}`;
      start!.textContent = 'Rotate key…';
      step('confirm').hidden = true;
      step('shown').hidden = false;
      step('shown').focus();
    } catch (err) {
      error.textContent = messageOf(err);
      error.hidden = false;
    } finally {
      start!.disabled = false;
    }
  }
}

wireSiteHeader();
drawUsageBars();
wireResend();
wireRotation();
wireCopyButtons();
