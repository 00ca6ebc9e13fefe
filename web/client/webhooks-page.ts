// `/app/webhooks`: lists the account's webhooks from GET /api/webhooks, adds one (POST; its secret is
// shown once, in one read-only input), pauses, resumes and edits one (PATCH, webhook-edit.ts), deletes
// (DELETE, after a confirmation), sends a test event (POST …/test) and opens each webhook's recent
// deliveries (webhook-deliveries.ts).
import { deleteJson, getJson, type Json, messageOf, postJson } from './api-client.ts';
import { wireCopyButtons } from './copy-button.ts';
import { breakableUrl, el, localTime } from './dom.ts';
import { showFormError, whileBusy } from './form-helpers.ts';
import { listPanel } from './list-panel.ts';
import { wireSiteHeader } from './site-header.ts';
import { showDeliveries } from './webhook-deliveries.ts';
import { editControls, pauseButton } from './webhook-edit.ts';

const panel = listPanel();
const { list } = panel;
/** The address rules as the add form states them, shown again in each edit form. */
const urlHint = document.querySelector('#webhook-url-hint')?.textContent?.trim() ?? '';

/** Active, paused by the user, or deactivated by the service (with `disabled_reason`, W11). */
function stateBadge(w: Json): HTMLElement {
  if (w.is_active) return el('span', { class: 'badge badge--ok' }, 'Active');
  return w.disabled_reason
    ? el('span', { class: 'badge badge--bad' }, 'Deactivated')
    : el('span', { class: 'badge' }, 'Paused');
}

/** From the webhook record (`last_delivery_at`, `last_status`) or the newest row of its delivery log. */
function lastDelivery(at: number | null, httpStatus: number | null): string {
  if (at === null) return 'No deliveries yet';
  const status = !httpStatus ? 'network error' : `HTTP ${httpStatus}`;
  return `Last delivery ${localTime(at)} · ${status}`;
}

function webhookItem(w: Json): HTMLLIElement {
  const id = String(w.id);
  const status = el('p', { class: 'inline-status', role: 'status' });
  const say = (text: string, error = false) => {
    status.textContent = text;
    status.classList.toggle('inline-status--error', error);
  };
  const panelId = `deliveries-${id}`;
  const panel = el('div', { class: 'deliveries', id: panelId, hidden: true });
  const test = el('button', { type: 'button', class: 'button button--small button--secondary' }, 'Send test event');
  const toggle = el(
    'button',
    {
      type: 'button',
      class: 'button button--small button--secondary',
      'aria-expanded': 'false',
      'aria-controls': panelId,
    },
    'Recent deliveries',
  );
  const remove = el('button', { type: 'button', class: 'button button--small button--danger' }, 'Delete…');
  const pause = pauseButton(w, say, loadList);
  const edit = editControls(w, urlHint, loadList);
  const confirmYes = el('button', { type: 'button', class: 'button button--small button--danger' }, 'Yes, delete');
  const confirmNo = el('button', { type: 'button', class: 'button button--small button--secondary' }, 'Cancel');
  const confirm = el(
    'div',
    { class: 'confirm', hidden: true },
    el('p', {}, 'Delete this webhook? Deliveries to it stop at once.'),
    el('div', { class: 'actions' }, confirmYes, confirmNo),
  );

  test.addEventListener('click', async () => {
    test.disabled = true;
    try {
      const res = await postJson(`/api/webhooks/${encodeURIComponent(id)}/test`);
      say(`Test event sent (${res.event_id}).`);
    } catch (err) {
      say(messageOf(err), true);
    } finally {
      test.disabled = false;
    }
  });
  toggle.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
    if (open) void showDeliveries(panel, id, say, showNewest);
  });
  remove.addEventListener('click', () => {
    confirm.hidden = false;
    confirmYes.focus();
  });
  confirmNo.addEventListener('click', () => {
    confirm.hidden = true;
    remove.focus();
  });
  confirmYes.addEventListener('click', async () => {
    confirmYes.disabled = true;
    try {
      await deleteJson(`/api/webhooks/${encodeURIComponent(id)}`);
      await loadList(`Webhook ${w.url} deleted.`);
    } catch (err) {
      confirmYes.disabled = false;
      say(messageOf(err), true);
    }
  });

  const meta = el('p', { class: 'muted webhook__meta' });
  const describe = (at: number | null, httpStatus: number | null) => {
    meta.textContent = `Secret …${w.secret_hint} · added ${localTime(w.created_at)} · ${lastDelivery(at, httpStatus)}`;
  };
  describe(w.last_delivery_at, w.last_status);
  // The panel's newest attempt is newer than the list loaded with the page.
  const showNewest = (d: Json | undefined) => {
    if (d) describe(d.attempted_at, d.status);
  };

  return el(
    'li',
    { class: 'webhook', 'data-webhook-id': id },
    el(
      'div',
      { class: 'webhook__head' },
      el('code', { class: 'webhook__url' }, ...breakableUrl(String(w.url))),
      stateBadge(w),
    ),
    w.disabled_reason ? el('p', { class: 'notice notice--warning webhook__reason' }, String(w.disabled_reason)) : null,
    el('p', { class: 'webhook__events' }, ...(w.events as string[]).map((e) => el('span', { class: 'chip' }, e))),
    meta,
    el('div', { class: 'actions' }, test, toggle, pause, edit.button, remove),
    edit.slot,
    confirm,
    status,
    panel,
  );
}

async function loadList(announce?: string): Promise<void> {
  try {
    const { webhooks } = await getJson('/api/webhooks');
    list.replaceChildren(...(webhooks as Json[]).map(webhookItem));
    const count = (webhooks as Json[]).length;
    const summary = count === 0 ? 'No webhooks yet: add one below.' : `${count} of 10 webhooks.`;
    panel.shown(announce ? `${announce} ${summary}` : summary);
  } catch (err) {
    panel.failed(err);
  }
}

function wireAddForm(): void {
  const form = document.querySelector<HTMLFormElement>('#add-webhook')!;
  const secretStep = document.querySelector<HTMLElement>('[data-step="secret"]')!;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    showFormError(form, null);
    const url = (form.elements.namedItem('url') as HTMLInputElement).value.trim();
    const events = [...form.querySelectorAll<HTMLInputElement>('input[name="events"]:checked')].map((i) => i.value);
    await whileBusy(form, async () => {
      try {
        const { webhook } = await postJson('/api/webhooks', { url, events });
        document.querySelector<HTMLInputElement>('[data-out="secret"]')!.value = String(webhook.secret);
        document.querySelector('[data-out="secret-url"]')!.textContent = String(webhook.url);
        secretStep.hidden = false;
        secretStep.focus();
        form.reset();
        await loadList(`Webhook ${webhook.url} added.`);
      } catch (err) {
        showFormError(form, messageOf(err));
      }
    });
  });
}

wireSiteHeader();
wireCopyButtons();
wireAddForm();
void loadList();
