// `/app/keys` (issue 26): lists the account's keys from GET /api/keys, creates one (POST; the key is shown once, in
// one read-only input with a copy button) and deletes one (DELETE, after a confirmation).
import { deleteJson, getJson, type Json, messageOf, postJson } from './api-client.ts';
import { wireCopyButtons } from './copy-button.ts';
import { el, localTime } from './dom.ts';
import { showFormError, whileBusy } from './form-helpers.ts';
import { listPanel } from './list-panel.ts';
import { wireSiteHeader } from './site-header.ts';

const MAX_KEYS = 10;
const panel = listPanel();
const { list } = panel;

function keyItem(k: Json): HTMLLIElement {
  const id = String(k.id);
  const status = el('p', { class: 'inline-status', role: 'status' });
  const remove = el('button', { type: 'button', class: 'button button--small button--danger' }, 'Delete…');
  const confirmYes = el('button', { type: 'button', class: 'button button--small button--danger' }, 'Yes, delete');
  const confirmNo = el('button', { type: 'button', class: 'button button--small button--secondary' }, 'Cancel');
  const confirm = el(
    'div',
    { class: 'confirm', hidden: true },
    el('p', {}, `Delete “${k.name}”? Every call with it fails from now on.`),
    el('div', { class: 'actions' }, confirmYes, confirmNo),
  );
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
      await deleteJson(`/api/keys/${encodeURIComponent(id)}`);
      await loadList(`Key “${k.name}” deleted.`);
    } catch (err) {
      confirmYes.disabled = false;
      status.textContent = messageOf(err);
      status.classList.add('inline-status--error');
    }
  });
  const used = k.last_used_at === null ? 'never used' : `last used ${localTime(k.last_used_at / 1000)}`;
  return el(
    'li',
    { class: 'webhook', 'data-key-id': id },
    el(
      'div',
      { class: 'webhook__head' },
      el('strong', {}, String(k.name)),
      // One group, so the head's two ends are the name and the badges.
      el(
        'span',
        {},
        ...(k.primary ? [el('span', { class: 'chip' }, 'Primary'), ' '] : []),
        el('span', { class: k.mode === 'live' ? 'badge badge--ok' : 'badge' }, k.mode === 'live' ? 'Live' : 'Test'),
      ),
    ),
    el('p', {}, el('code', { class: 'webhook__url' }, String(k.masked))),
    el('p', { class: 'muted webhook__meta' }, `Created ${localTime(k.created_at / 1000)} · ${used}`),
    el('div', { class: 'actions' }, remove),
    confirm,
    status,
  );
}

async function loadList(announce?: string): Promise<void> {
  try {
    const { keys } = await getJson('/api/keys');
    list.replaceChildren(...(keys as Json[]).map(keyItem));
    const count = (keys as Json[]).length;
    const summary = count === 0 ? 'No keys yet: create one below.' : `${count} of ${MAX_KEYS} keys.`;
    panel.shown(announce ? `${announce} ${summary}` : summary);
  } catch (err) {
    panel.failed(err);
  }
}

function wireCreateForm(): void {
  const form = document.querySelector<HTMLFormElement>('#create-key')!;
  const keyStep = document.querySelector<HTMLElement>('[data-step="key"]')!;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    showFormError(form, null);
    const name = (form.elements.namedItem('name') as HTMLInputElement).value.trim();
    const mode = form.querySelector<HTMLInputElement>('input[name="mode"]:checked')?.value ?? 'live';
    await whileBusy(form, async () => {
      try {
        const made = await postJson('/api/keys', { name, mode });
        document.querySelector<HTMLInputElement>('[data-out="key"]')!.value = String(made.api_key);
        document.querySelector('[data-out="key-name"]')!.textContent = `(${made.key.name}, ${made.key.mode})`;
        keyStep.hidden = false;
        keyStep.focus();
        form.reset();
        await loadList(`Key “${made.key.name}” created.`);
      } catch (err) {
        showFormError(form, messageOf(err));
      }
    });
  });
}

wireSiteHeader();
wireCopyButtons();
wireCreateForm();
void loadList();
