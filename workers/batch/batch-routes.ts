// POST /api/batch (spec: Batch shapes; D4, D7, D8): 1–50 invoices, each validated and generated on its own.

import { type Context, Hono } from 'hono';
import type { AccountCaller } from '../accounts/caller.ts';
import { requireVerifiedAccount, resolveCaller } from '../accounts/resolve-caller.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { mountOperations } from '../http/mount-operations.ts';
import { parseJsonText, readBodyText } from '../http/read-json-body.ts';
import { withIdempotency } from '../idempotency/with-idempotency.ts';
import { peekUsage } from '../limits/admit-request.ts';
import { generateInvoiceBatch } from './batch-operations.ts';
import { runBatch } from './run-batch.ts';

export const batchRoutes = new Hono<AppEnv>();

mountOperations(batchRoutes, [[generateInvoiceBatch, (c) => handleBatch(c)]]);

async function handleBatch(c: Context<AppEnv>): Promise<Response> {
  const caller = await resolveCaller(c, { cachedKeys: true });
  requireVerifiedAccount(caller);
  try {
    const rawBody = await readBodyText(c, generateInvoiceBatch.body.limitBytes);
    // K6: test and live calls never replay each other's answers.
    const scope = `${caller.accountId}${caller.test ? ':test' : ''}`;
    return await withIdempotency(c, scope, rawBody, () => answerBatch(c, caller, rawBody, Date.now()), {
      extraHeaders: async () => (await peekUsage(c.env, caller)).headers,
    });
  } catch (err) {
    if (err instanceof ApiError && !('X-RateLimit-Limit-Hourly' in err.headers))
      err.withHeaders((await peekUsage(c.env, caller)).headers);
    throw err;
  }
}

async function answerBatch(c: Context<AppEnv>, caller: AccountCaller, rawBody: string, now: number): Promise<Response> {
  const { body, headers } = await runBatch(c, caller, parseJsonText(rawBody), now);
  const res = c.json(body);
  for (const [k, v] of Object.entries(headers)) res.headers.set(k, v);
  return res;
}
