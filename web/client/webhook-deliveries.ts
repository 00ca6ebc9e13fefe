// The "Recent deliveries" panel of one webhook: GET /api/webhooks/{id}/deliveries (newest first, paged by
// next_cursor) as a table, each attempt with its event id, attempt number, next retry (W12) and a Redeliver
// button (POST …/deliveries/{delivery_id}/redeliver), after which the panel reloads until the new attempt shows.
// Any failure, including a route this deployment does not have, shows the API's message in the panel.
import { getJson, type Json, messageOf, postJson } from './api-client.ts';
import { el, localTime } from './dom.ts';

const PAGE_SIZE = 10;
/** After a redelivery the queue sends within seconds: the newest row is asked for this often, this many times. */
const WATCH_INTERVAL_MS = 1_500;
const WATCH_TIMES = 8;

type Say = (text: string, error?: boolean) => void;

function statusText(d: Json): string {
  if (d.status === null || d.status === undefined) return 'No answer';
  if (d.status === 0) return 'Network error';
  return String(d.status);
}

function nextRetry(d: Json): string {
  return typeof d.next_attempt_at === 'number' ? localTime(d.next_attempt_at) : '—';
}

function deliveryRow(webhookId: string, d: Json, say: Say, afterRedeliver: () => void): HTMLTableRowElement {
  const ok = typeof d.status === 'number' && d.status >= 200 && d.status < 300;
  const redeliver = el('button', { type: 'button', class: 'button button--small button--secondary' }, 'Redeliver');
  redeliver.addEventListener('click', async () => {
    redeliver.disabled = true;
    try {
      const res = await postJson(
        `/api/webhooks/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(d.id)}/redeliver`,
      );
      say(`Redelivery queued (event ${res.event_id}).`);
      afterRedeliver();
    } catch (err) {
      say(messageOf(err), true);
    } finally {
      redeliver.disabled = false;
    }
  });
  const detail = d.error ?? d.response_body ?? '';
  return el(
    'tr',
    {},
    el('td', { 'data-label': 'Time' }, localTime(d.attempted_at)),
    el(
      'td',
      { 'data-label': 'Event' },
      el(
        'span',
        { class: 'cell' },
        el('code', {}, String(d.event_type)),
        el('span', { class: 'attempt' }, ` · attempt ${d.attempt}`),
        el('span', { class: 'event-id' }, String(d.event_id)),
      ),
    ),
    el(
      'td',
      { 'data-label': 'Status' },
      el('span', { class: ok ? 'badge badge--ok' : 'badge badge--bad' }, statusText(d)),
    ),
    el('td', { 'data-label': 'Next retry' }, nextRetry(d)),
    el('td', { 'data-label': 'Duration', class: 'num' }, `${d.duration_ms} ms`),
    el('td', { 'data-label': 'Detail', class: 'detail' }, String(detail).slice(0, 200)),
    el('td', { 'data-label': 'Action' }, redeliver),
  );
}

/** Fills `panel` with the webhook's deliveries; `say` reports to the webhook's status line. */
export async function showDeliveries(
  panel: HTMLElement,
  webhookId: string,
  say: Say,
  onNewest: (newest: Json | undefined) => void = () => {},
) {
  panel.replaceChildren(el('p', { class: 'muted' }, 'Loading deliveries…'));
  const body = el('tbody');
  const table = el(
    'table',
    { class: 'table table--stack' },
    el('caption', { class: 'visually-hidden' }, 'Recent deliveries'),
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        ...['Time', 'Event', 'Status', 'Next retry', 'Duration', 'Detail', 'Action'].map((h) =>
          el('th', { scope: 'col' }, h),
        ),
      ),
    ),
    body,
  );
  const more = el('button', { type: 'button', class: 'button button--small button--secondary' }, 'Load more');
  let cursor: string | null = null;
  let first = true;
  let newestId: string | undefined;
  const reload = () => void showDeliveries(panel, webhookId, say, onNewest);
  // The redelivery goes through the queue: ask for the newest attempt until it is a new one, then redraw.
  const afterRedeliver = async () => {
    for (let i = 0; i < WATCH_TIMES; i++) {
      await new Promise((resolve) => setTimeout(resolve, WATCH_INTERVAL_MS));
      const res = await getJson(`/api/webhooks/${encodeURIComponent(webhookId)}/deliveries?limit=1`).catch(() => null);
      if (res && (res.deliveries as Json[])[0]?.id !== newestId) break;
    }
    reload();
  };
  const load = async () => {
    const query = `limit=${PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await getJson(`/api/webhooks/${encodeURIComponent(webhookId)}/deliveries?${query}`);
    for (const d of res.deliveries as Json[]) body.append(deliveryRow(webhookId, d, say, () => void afterRedeliver()));
    if (first) {
      newestId = (res.deliveries as Json[])[0]?.id;
      onNewest((res.deliveries as Json[])[0]);
    }
    first = false;
    cursor = (res.next_cursor as string | null) ?? null;
    more.hidden = cursor === null;
    return (res.deliveries as Json[]).length;
  };
  more.addEventListener('click', async () => {
    more.disabled = true;
    try {
      await load();
    } catch (err) {
      say(messageOf(err), true);
    } finally {
      more.disabled = false;
    }
  });
  // Deliveries arrive through the queue after "Send test event" or "Redeliver": the reader asks for them again.
  const refresh = el('button', { type: 'button', class: 'button button--small button--secondary' }, 'Refresh');
  refresh.addEventListener('click', reload);
  try {
    const n = await load();
    panel.replaceChildren(
      ...(n === 0 ? [el('p', { class: 'muted' }, 'No deliveries yet.'), refresh] : [table, refresh, more]),
    );
  } catch (err) {
    panel.replaceChildren(el('p', { class: 'form-error', role: 'alert' }, messageOf(err)), refresh);
  }
}
