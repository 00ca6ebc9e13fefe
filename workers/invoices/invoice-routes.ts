// POST /api/generate-invoice (spec; D3, D7, D8), mounted from invoice-operations.ts.
import { type Context, Hono } from 'hono';
import { type Caller, livemodeOf } from '../accounts/caller.ts';
import { requireVerifiedAccount, resolveCaller } from '../accounts/resolve-caller.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { mountOperations } from '../http/mount-operations.ts';
import { parseJsonText, readBodyText } from '../http/read-json-body.ts';
import { withIdempotency } from '../idempotency/with-idempotency.ts';
import { peekUsage } from '../limits/admit-request.ts';
import { generateInvoice } from './invoice-operations.ts';
import { renderOutput } from './render-output.ts';
import { runGenerate } from './run-generate.ts';

export const invoiceRoutes = new Hono<AppEnv>();

mountOperations(invoiceRoutes, [[generateInvoice, (c) => handleGenerate(c)]]);

async function handleGenerate(c: Context<AppEnv>): Promise<Response> {
  const caller = await resolveCaller(c, { cachedKeys: true });
  try {
    if (caller.kind === 'account') requireVerifiedAccount(caller);
    const rawBody = await readBodyText(c, generateInvoice.body.limitBytes);
    // K6: test and live calls never replay each other's answers.
    const scope = caller.kind === 'account' ? `${caller.accountId}${caller.test ? ':test' : ''}` : `ip:${caller.ip}`;
    // D8: replays and conflicts run nothing, so they count against no window.
    return await withIdempotency(c, scope, rawBody, () => generate(c, caller, rawBody, Date.now()), {
      extraHeaders: async () => (await peekUsage(c.env, caller)).headers,
    });
  } catch (err) {
    // D7: every generate response, errors included, carries the rate-limit headers.
    if (err instanceof ApiError && !('X-RateLimit-Limit-Hourly' in err.headers))
      err.withHeaders((await peekUsage(c.env, caller)).headers);
    throw err;
  }
}

async function generate(c: Context<AppEnv>, caller: Caller, rawBody: string, now: number): Promise<Response> {
  return runGenerate(
    c,
    caller,
    () => parseJsonText(rawBody),
    now,
    async (prepared, grant) => {
      const res = await renderOutput(c, prepared, {
        success: true,
        invoice: prepared.invoice,
        meta: {
          request_id: c.get('requestId'),
          processing_ms: Math.max(0, Math.round(Date.now() - c.get('startedAt'))),
          ...grant.meta,
        },
        anonymous: caller.kind === 'anonymous',
        livemode: livemodeOf(caller),
      });
      for (const [k, v] of Object.entries(grant.headers)) res.headers.set(k, v);
      return res;
    },
  );
}
