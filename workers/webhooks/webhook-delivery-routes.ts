// The delivery log, redelivery and test sends of one webhook (issue 12, W1), mounted from
// webhook-delivery-operations.ts. Not counted in the plan's windows: they produce no document, and a
// send only reaches the account's own registered URL. Sends asked for by hand (redeliver, test) have
// their own hourly limit (W3), so a script cannot fill the queue.
import { type Context, Hono } from 'hono';
import type { AccountCaller } from '../accounts/caller.ts';
import { requireVerifiedAccount, resolveCaller } from '../accounts/resolve-caller.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { mountOperations } from '../http/mount-operations.ts';
import { readJsonBody } from '../http/read-json-body.ts';
import { readParams } from '../http/read-params.ts';
import { readQuery } from '../http/read-query.ts';
import { admitWebhookSend } from '../limits/admit-webhook-send.ts';
import { deliveredEvent, listDeliveries } from './delivery-log.ts';
import { enqueueEvent, newEventId } from './emit-event.ts';
import * as ops from './webhook-delivery-operations.ts';
import type { WebhookEvent } from './webhook-event.ts';
import { getWebhook, type StoredWebhook } from './webhook-store.ts';

/** The caller's webhook named in the path, or the same 404 as for a missing one. */
async function ownWebhook(c: Context<AppEnv>): Promise<{ hook: StoredWebhook; caller: AccountCaller }> {
  const caller = await resolveCaller(c);
  requireVerifiedAccount(caller);
  const { id } = readParams(c, ops.testWebhook.params);
  const hook = await getWebhook(c.env.DB, caller.accountId, id);
  if (!hook) throw new ApiError('not_found', `No webhook with id ${JSON.stringify(id)}`);
  return { hook, caller };
}

// The cursor is the position of the page's last row; opaque to clients, so its form may change.
function encodeCursor(seq: number): string {
  return btoa(`d1:${seq}`).replace(/=+$/, '');
}

function decodeCursor(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  let text = '';
  try {
    text = atob(cursor);
  } catch {
    // falls through to the refusal
  }
  const m = /^d1:(\d{1,15})$/.exec(text);
  if (!m) throw ApiError.field('validation_error', 'cursor', 'format', "must be the previous page's next_cursor");
  return Number(m[1]);
}

function queued(c: Context<AppEnv>, eventId: string): Response {
  return c.json({ success: true, event_id: eventId }, 202);
}

export const webhookDeliveryRoutes = new Hono<AppEnv>();

mountOperations(webhookDeliveryRoutes, [
  [
    ops.listWebhookDeliveries,
    async (c) => {
      const { hook } = await ownWebhook(c);
      const query = readQuery(c, ops.listWebhookDeliveries.query);
      const page = await listDeliveries(c.env.DB, hook.account_id, hook.id, query.limit, decodeCursor(query.cursor));
      return c.json({
        success: true,
        deliveries: page.deliveries,
        next_cursor: page.nextBefore === null ? null : encodeCursor(page.nextBefore),
      });
    },
  ],
  [
    ops.redeliverWebhookDelivery,
    async (c) => {
      const { hook, caller } = await ownWebhook(c);
      const { delivery_id: deliveryId } = readParams(c, ops.redeliverWebhookDelivery.params);
      await readJsonBody(c, ops.redeliverWebhookDelivery.body);
      const found = await deliveredEvent(c.env.DB, hook.account_id, hook.id, deliveryId);
      if (!found.found)
        throw new ApiError('not_found', `No delivery with id ${JSON.stringify(deliveryId)} for this webhook`);
      if (!found.event)
        throw new ApiError(
          'not_found',
          `The event of delivery ${JSON.stringify(deliveryId)} is no longer kept (too large to store); it cannot be sent again`,
        );
      await admitWebhookSend(c.env, caller, Date.now());
      // The same id and body: receivers deduplicating by id see the same event (at least once, D10).
      await enqueueEvent(c.env, hook.account_id, found.event, [hook.id]);
      return queued(c, found.event.id);
    },
  ],
  [
    ops.testWebhook,
    async (c) => {
      const { hook, caller } = await ownWebhook(c);
      await readJsonBody(c, ops.testWebhook.body);
      const now = Date.now();
      await admitWebhookSend(c.env, caller, now);
      const event: WebhookEvent = {
        id: newEventId(),
        type: 'webhook.test',
        created: Math.floor(now / 1000),
        livemode: true,
        data: { webhook_id: hook.id, message: 'A test event sent on request; it describes no invoice.' },
      };
      await enqueueEvent(c.env, hook.account_id, event, [hook.id]);
      return queued(c, event.id);
    },
  ],
]);
