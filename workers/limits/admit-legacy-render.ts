// The limits of a legacy render (D11): one call in the account's hourly and weekly windows and one
// credit, both in the account's RateLimiter, atomically. No credit left is 402 INSUFFICIENT_CREDITS; a
// full window is the shared 429 (told as API_SECURITY_LIMIT_EXCEEDED by the legacy writer). The credit is
// leased like a document (F1): a render whose request dies gets it back when the lease ends.
import type { Context } from 'hono';
import type { AccountCaller } from '../accounts/caller.ts';
import type { AppEnv, Env } from '../env.ts';
import { LegacyError } from '../http/legacy-error-codes.ts';
import { keyCheck, limiter, refusalError, unlessRevoked } from './admit-request.ts';
import type { Credits } from './credit-ledger.ts';
import { holdReservation } from './held-reservations.ts';
import { limitsFor } from './plans.ts';
import { buildGrant } from './usage-grant.ts';

/** Admits one legacy render and takes its credit, or throws (counting nothing). */
async function admitLegacyRender(
  env: Env,
  caller: AccountCaller,
  now = Date.now(),
): Promise<{ credits: Credits; reservation: string }> {
  const limits = limitsFor(caller);
  const outcome = unlessRevoked(
    caller,
    await limiter(env, caller).admitLegacyRender({ limits, accountId: caller.accountId, ...keyCheck(caller) }),
  );
  if (outcome.admitted) return { credits: outcome.credits, reservation: outcome.reservation };
  const grant = buildGrant(limits, outcome.usage, now, { accountLevel: true });
  if (outcome.refused === 'credits')
    throw new LegacyError(
      'INSUFFICIENT_CREDITS',
      `No render credits left (${outcome.credits.used} of ${outcome.credits.total} used); ask the operator for more credits.`,
      grant.headers,
    );
  throw refusalError(outcome.refused, caller, limits, grant, outcome.usage, now);
}

/**
 * D11: admits the render and takes its credit, runs it, and gives the credit back if it throws, so a
 * failed render costs nothing. The request holds the credit's lease until its answer is sent (F1).
 * Returns the render's result and the credits after it.
 */
export async function withLegacyCredit<T>(
  c: Context<AppEnv>,
  caller: AccountCaller,
  now: number,
  render: () => Promise<T>,
): Promise<{ result: T; credits: Credits }> {
  const { credits, reservation } = await admitLegacyRender(c.env, caller, now);
  const held = holdReservation(c, caller, reservation);
  try {
    return { result: await render(), credits };
  } catch (err) {
    held.drop();
    // The render's own error is the answer; if the refund fails too, the lease's end gives the credit back.
    await limiter(c.env, caller)
      .release({ id: reservation, documents: 0, pdfs: 0, credits: 1, accountId: caller.accountId })
      .catch((refundErr: unknown) =>
        console.error(JSON.stringify({ level: 'error', msg: 'credit refund failed', error: String(refundErr) })),
      );
    throw err;
  }
}

/** The credits used as the account's object counts them, newer than D1's between flushes. */
export async function creditsUsedNow(env: Env, caller: AccountCaller): Promise<number | undefined> {
  return limiter(env, caller).creditsUsed();
}
