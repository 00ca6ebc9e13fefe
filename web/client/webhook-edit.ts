// A webhook's Pause / Resume and Edit (issue 27, W10): PATCH /api/webhooks/{id} with `is_active`, or with the
// URL and events from an inline form. The API answers the webhook as changed; `onChanged` redraws the list.
import { type Json, messageOf, patchJson } from './api-client.ts';
import { el } from './dom.ts';

/** The events a webhook may subscribe to, as WebhookCreate lists them (the add form's checkboxes). */
const EVENT_NAMES = ['invoice.generated', 'batch.generated'] as const;

type Say = (text: string, error?: boolean) => void;

/** The Pause or Resume button, as the webhook's state asks. */
export function pauseButton(w: Json, say: Say, onChanged: (announce: string) => Promise<void>): HTMLButtonElement {
  const resume = !w.is_active;
  const button = el(
    'button',
    { type: 'button', class: 'button button--small button--secondary' },
    resume ? 'Resume' : 'Pause',
  );
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      await patchJson(`/api/webhooks/${encodeURIComponent(w.id)}`, { is_active: resume });
      await onChanged(resume ? `Webhook ${w.url} resumed.` : `Webhook ${w.url} paused: it gets no events.`);
    } catch (err) {
      button.disabled = false;
      say(messageOf(err), true);
    }
  });
  return button;
}

/**
 * The Edit… button and the place of its form: the URL and the events, saved together. The form exists only while
 * open, so the page holds one "Events" set and one URL field per open form, never hidden copies.
 */
export function editControls(
  w: Json,
  hint: string,
  onChanged: (announce: string) => Promise<void>,
): { button: HTMLButtonElement; slot: HTMLElement } {
  const button = el(
    'button',
    { type: 'button', class: 'button button--small button--secondary', 'aria-expanded': 'false' },
    'Edit…',
  );
  const slot = el('div');
  const open = (show: boolean) => {
    slot.replaceChildren(...(show ? [editForm(w, hint, onChanged, () => open(false))] : []));
    button.setAttribute('aria-expanded', String(show));
    if (show) slot.querySelector('input')!.focus();
    else button.focus();
  };
  button.addEventListener('click', () => open(button.getAttribute('aria-expanded') !== 'true'));
  return { button, slot };
}

function editForm(
  w: Json,
  hint: string,
  onChanged: (announce: string) => Promise<void>,
  close: () => void,
): HTMLFormElement {
  const id = String(w.id);
  const error = el('p', { class: 'form-error', role: 'alert', tabindex: '-1', hidden: true });
  const url = el('input', {
    id: `edit-url-${id}`,
    name: 'url',
    type: 'url',
    inputmode: 'url',
    required: true,
    'aria-describedby': `edit-url-hint-${id}`,
  });
  url.value = String(w.url);
  const boxes = EVENT_NAMES.map((name) => {
    const box = el('input', { type: 'checkbox', name: 'events', value: name });
    box.checked = (w.events as string[]).includes(name);
    return el('label', {}, box, el('span', {}, el('code', {}, name)));
  });
  const save = el('button', { type: 'submit', class: 'button button--small' }, 'Save');
  const cancel = el('button', { type: 'button', class: 'button button--small button--secondary' }, 'Cancel');
  const form = el(
    'form',
    { class: 'webhook-edit', novalidate: true },
    error,
    el(
      'div',
      { class: 'field' },
      el('label', { for: `edit-url-${id}` }, 'Webhook URL'),
      url,
      el('p', { class: 'field__hint', id: `edit-url-hint-${id}` }, hint),
    ),
    el('fieldset', { class: 'checks' }, el('legend', {}, 'Events'), ...boxes),
    el('div', { class: 'actions' }, save, cancel),
  );
  cancel.addEventListener('click', close);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.hidden = true;
    save.disabled = true;
    const events = boxes
      .map((l) => l.querySelector('input')!)
      .filter((b) => b.checked)
      .map((b) => b.value);
    try {
      const { webhook } = await patchJson(`/api/webhooks/${encodeURIComponent(id)}`, { url: url.value.trim(), events });
      await onChanged(`Webhook ${webhook.url} saved.`);
    } catch (err) {
      error.textContent = messageOf(err);
      error.hidden = false;
      error.focus();
      save.disabled = false;
    }
  });
  return form;
}
