// `/app/documents` (issue 26): lists the account's documents from GET /api/documents (a search by number
// prefix, "Show more" for the next page), and per document opens its hosted link, copies it, and revokes it
// (DELETE /api/documents/{id}, after a confirmation).
import { deleteJson, getJson, type Json, messageOf } from './api-client.ts';
import { el, localTime } from './dom.ts';
import { listPanel } from './list-panel.ts';
import { wireSiteHeader } from './site-header.ts';

const panel = listPanel();
const { list } = panel;
const more = document.querySelector<HTMLButtonElement>('[data-action="more"]')!;
const search = document.querySelector<HTMLFormElement>('#search-documents')!;

let query = '';
let nextCursor: string | null = null;

function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(amount);
  } catch {
    return `${currency} ${amount}`;
  }
}

function documentItem(d: Json): HTMLLIElement {
  const id = String(d.id);
  const status = el('p', { class: 'inline-status', role: 'status' });
  const say = (text: string, error = false) => {
    status.textContent = text;
    status.classList.toggle('inline-status--error', error);
  };
  const revoked = Boolean(d.revoked);
  const open = el(
    'a',
    {
      class: 'button button--small button--secondary',
      href: String(d.hosted_url),
      target: '_blank',
      rel: 'noopener noreferrer',
    },
    'Open',
  );
  const copy = el('button', { type: 'button', class: 'button button--small button--secondary' }, 'Copy link');
  const revoke = el('button', { type: 'button', class: 'button button--small button--danger' }, 'Revoke…');
  const confirmYes = el('button', { type: 'button', class: 'button button--small button--danger' }, 'Yes, revoke');
  const confirmNo = el('button', { type: 'button', class: 'button button--small button--secondary' }, 'Cancel');
  const confirm = el(
    'div',
    { class: 'confirm', hidden: true },
    el(
      'p',
      {},
      `Revoke the link of ${d.number}? Whoever has it sees “no longer valid” from now on. This cannot be undone.`,
    ),
    el('div', { class: 'actions' }, confirmYes, confirmNo),
  );

  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(String(d.hosted_url));
      say('Link copied.');
    } catch {
      say(`Copy this link: ${d.hosted_url}`);
    }
  });
  revoke.addEventListener('click', () => {
    confirm.hidden = false;
    confirmYes.focus();
  });
  confirmNo.addEventListener('click', () => {
    confirm.hidden = true;
    revoke.focus();
  });
  confirmYes.addEventListener('click', async () => {
    confirmYes.disabled = true;
    try {
      const { document: updated } = await deleteJson(`/api/documents/${encodeURIComponent(id)}`);
      const item = documentItem(updated);
      li.replaceWith(item);
      item.querySelector<HTMLElement>('.inline-status')!.textContent = `The link of ${d.number} is revoked.`;
    } catch (err) {
      confirmYes.disabled = false;
      say(messageOf(err), true);
    }
  });

  const kind = d.type === 'credit_note' ? 'Credit note' : 'Invoice';
  const badge = revoked
    ? el('span', { class: 'badge badge--bad' }, 'Revoked')
    : el('span', { class: 'badge badge--ok' }, 'Link active');
  const li = el(
    'li',
    { class: 'document', 'data-document-id': id },
    el(
      'div',
      { class: 'document__head' },
      el('strong', { class: 'document__number' }, String(d.number)),
      el('span', { class: 'document__total' }, money(d.grand_total, d.currency)),
    ),
    el(
      'p',
      { class: 'document__tags' },
      badge,
      d.livemode ? null : el('span', { class: 'badge' }, 'Test'),
      el('span', { class: 'chip' }, kind),
      el('span', { class: 'chip' }, String(d.output)),
    ),
    el(
      'p',
      { class: 'muted document__meta' },
      `Created ${localTime(d.created_at)} · ${revoked ? 'link revoked' : `link valid until ${localTime(d.expires_at)}`}`,
    ),
    revoked ? null : el('div', { class: 'actions' }, open, copy, revoke),
    confirm,
    status,
  );
  return li;
}

async function loadPage(append: boolean): Promise<void> {
  const params = new URLSearchParams({ limit: '20' });
  if (query) params.set('number', query);
  if (append && nextCursor) params.set('cursor', nextCursor);
  more.disabled = true;
  try {
    const page = await getJson(`/api/documents?${params}`);
    const items = (page.documents as Json[]).map(documentItem);
    if (append) list.append(...items);
    else list.replaceChildren(...items);
    nextCursor = page.next_cursor ?? null;
    more.hidden = nextCursor === null;
    const count = list.children.length;
    if (count === 0) panel.shown(query ? `No document number starts with “${query}”.` : 'No documents yet.');
    else panel.shown(`${count} document${count === 1 ? '' : 's'}${nextCursor ? ' (more below)' : ''}.`);
  } catch (err) {
    panel.failed(err);
  } finally {
    more.disabled = false;
  }
}

search.addEventListener('submit', (event) => {
  event.preventDefault();
  query = (search.elements.namedItem('number') as HTMLInputElement).value.trim();
  nextCursor = null;
  void loadPage(false);
});
more.addEventListener('click', () => void loadPage(true));

wireSiteHeader();
void loadPage(false);
