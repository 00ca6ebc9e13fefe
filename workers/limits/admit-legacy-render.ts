// The limits of a legacy render (D11): one call in the account's hourly and weekly windows and one
// credit, both in the account's RateLimiter, atomically. No credit left is 402 INSUFFICIENT_CREDITS; a
// full window is the shared 429 (told as API_SECURITY_LIMIT_EXCEEDED by the legacy writer).
import type { AccountCaller } from '../accounts/caller.ts';
import type { Env } from '../env.ts';
import { LegacyError } from '../http/legacy-error-codes.ts';
import { keyCheck, limiter, refusalError, unlessRevoked } from './admit-request.ts';
import type { Credits } from './credit-ledger.ts';
import { limitsFor } from './plans.ts';
import { buildGrant } from './usage-grant.ts';

/** Admits one legacy render and takes its credit, or throws (counting nothing). */
async function admitLegacyRender(env: Env, caller: AccountCaller, now = Date.now()): Promise<Credits> {
  const limits = limitsFor(caller);
  const outcome = unlessRevoked(
    caller,
    await limiter(env, caller).admitLegacyRender({ now, limits, accountId: caller.accountId, ...keyCheck(caller) }),
  );
  if (outcome.admitted) return outcome.credits;
  const grant = buildGrant(limits, outcome.usage, now, { accountLevel: true });
  if (outcome.refused === 'credits')
    throw new LegacyError(
      'INSUFFICIENT_CREDITS',
      `No render credits left (${outcome.credits.used} of ${outcome.credits.total} used); ask the operator for more credits.`,
      grant.headers,
    );
  throw refusalError(outcome.refused, caller, limits, grant, now);
}

/**
 * D11: admits the render and takes its credit, runs it, and gives the credit back if it throws, so a
 * failed render costs nothing. Returns the render's result and the credits after it.
 */
export async function withLegacyCredit<T>(
  env: Env,
  caller: AccountCaller,
  now: number,
  render: () => Promise<T>,
): Promise<{ result: T; credits: Credits }> {
  const credits = await admitLegacyRender(env, caller, now);
  try {
    return { result: await render(), credits };
  } catch (err) {
    // The render's own error is the answer; a failed refund is only logged (the credit stays used).
    await limiter(env, caller)
      .refundCredit(caller.accountId)
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
