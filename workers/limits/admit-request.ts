// The integration surface of the limits module (D3, D7). The RateLimiter's own clock decides which windows a call
// counts in (P-LIM2); the bounds shown come from the counters it answers with, and `now` here (the Worker's clock)
// only turns them into seconds to wait (Retry-After, RateLimit's reset).
//
// How the generate pipeline uses it:
//   const grant = await admitRequest(env, caller, { documents: 1, pdfs: isPdf ? 1 : 0 });
//     → counts the call in the hourly and weekly windows and reserves the document (and PDF) in the
//       monthly quota, atomically; throws 429/402 (counting nothing) when a window or the quota is full.
//   const held = holdReservation(c, caller, grant.reservation.id);
//     → the request renews the reservation's lease while it works and settles it after its answer
//       (held-reservations.ts, F1); a request that dies leaves it to lapse, and its documents come back.
//   Invalid JSON or a validation error still counts as a call: admit with { documents: 0, pdfs: 0 }.
//   If the call fails after admission without producing its document: await releaseDocuments(env, caller, grant).
//   Errors before admission (or when admission itself is what failed): peekUsage(env, caller) for the headers.
import { type AccountCaller, type Caller, invalidApiKeyError } from '../accounts/caller.ts';
import type { Env } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { admitTestCalls } from './admit-test-calls.ts';
import { counterSubject, limitsFor, type PlanLimits } from './plans.ts';
import type { KeyCheck, RateLimiter, RefusedWindow, Revoked, Usage } from './rate-limiter-object.ts';
import { buildGrant, retryAfter, type UsageGrant } from './usage-grant.ts';
import { windowsOf } from './windows.ts';

export type { UsageGrant } from './usage-grant.ts';

export function limiter(env: Env, caller: Caller): DurableObjectStub<RateLimiter> {
  return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(counterSubject(caller)));
}

const accountId = (caller: Caller) => (caller.kind === 'account' ? (caller as AccountCaller).accountId : undefined);

/** Key callers are checked against the account's live key by the object itself (P-ACC2). */
export const keyCheck = (caller: Caller): KeyCheck =>
  caller.kind === 'account' ? { accountId: caller.accountId, keyHash: caller.keyHash } : {};

/**
 * D6: the object refused the key (rotated since this isolate cached it): 401, nothing counted. The
 * refusal is reported to the accounts side through the caller, which drops its cached owner.
 */
export function unlessRevoked<T extends object>(caller: Caller, outcome: T): Exclude<T, Revoked> {
  if ('revoked' in outcome) {
    if (caller.kind === 'account') caller.onKeyRevoked?.();
    throw invalidApiKeyError();
  }
  return outcome as Exclude<T, Revoked>;
}

export function refusalError(
  refused: RefusedWindow,
  caller: Caller,
  limits: PlanLimits,
  grant: UsageGrant,
  usage: Usage,
  now: number,
): ApiError {
  const w = windowsOf(usage);
  const anon =
    caller.kind === 'anonymous' ? ' Anonymous calls are limited per IP address; an API key raises the limits.' : '';
  const at = (sec: number) => new Date(sec * 1000).toISOString();
  switch (refused) {
    case 'hourly':
      return new ApiError(
        'rate_limit_hourly',
        `Hourly limit of ${limits.hourly} requests reached; it resets at ${at(w.hour.end)} (X-RateLimit-Reset-Hourly).${anon}`,
        { headers: { ...grant.headers, 'Retry-After': retryAfter(w.hour.end, now) } },
      );
    case 'weekly':
      return new ApiError(
        'rate_limit_weekly',
        `Weekly limit of ${limits.weekly} requests reached; it resets at ${at(w.week.end)} (X-RateLimit-Reset-Weekly).${anon}`,
        { headers: { ...grant.headers, 'Retry-After': retryAfter(w.week.end, now) } },
      );
    case 'monthly':
      return new ApiError(
        'monthly_limit_reached',
        `Monthly quota of ${limits.monthly} documents used up; it resets on ${at(w.month.end)}.`,
        { headers: { ...grant.headers, 'Retry-After': retryAfter(w.month.end, now) } },
      );
    case 'monthly_pdfs':
      return new ApiError(
        'monthly_limit_reached',
        `Monthly quota of ${limits.monthlyPdfs} PDFs of this plan used up; JSON, UBL and CII output remain available. It resets on ${at(w.month.end)}.`,
        { headers: { ...grant.headers, 'Retry-After': retryAfter(w.month.end, now) } },
      );
  }
}

/** Counts one call (hourly, weekly) and reserves `documents`/`pdfs` in the monthly quota, or throws 429/402. */
export async function admitRequest(
  env: Env,
  caller: Caller,
  req: { documents: number; pdfs: number; calls?: number; now?: number },
): Promise<UsageGrant> {
  const now = req.now ?? Date.now();
  if (caller.kind === 'account' && caller.test) {
    const test = unlessRevoked(caller, await admitTestCalls(env, caller, req.calls ?? 1, now));
    if (test.refusal) throw test.refusal;
    return test.grant;
  }
  const limits = limitsFor(caller);
  const outcome = unlessRevoked(
    caller,
    await limiter(env, caller).admit({
      limits,
      calls: req.calls ?? 1,
      documents: req.documents,
      pdfs: req.pdfs,
      ...keyCheck(caller),
    }),
  );
  const accountLevel = caller.kind === 'account';
  if (!outcome.admitted) {
    throw refusalError(
      outcome.refused,
      caller,
      limits,
      buildGrant(limits, outcome.usage as Usage, now, { accountLevel }),
      outcome.usage as Usage,
      now,
    );
  }
  return buildGrant(limits, outcome.usage as Usage, now, {
    accountLevel,
    reservation: {
      id: outcome.reservation,
      monthStart: outcome.usage.month.start,
      documents: req.documents,
      pdfs: req.pdfs,
    },
    webhooks: outcome.webhooks,
  });
}

/**
 * Batch (D7: every item counts): admits the longest prefix of the items that fits, one call and one
 * document each. Throws 429/402 when not even the first fits; otherwise `admitted` < items.length
 * means the rest were rate limited.
 */
export async function admitBatchItems(
  env: Env,
  caller: Caller,
  items: { pdf: boolean }[],
  now = Date.now(),
): Promise<{ admitted: number; grant: UsageGrant; refusal?: ApiError }> {
  if (caller.kind === 'account' && caller.test) {
    const test = unlessRevoked(caller, await admitTestCalls(env, caller, items.length, now));
    if (test.taken === 0 && items.length > 0) throw test.refusal!;
    return { admitted: test.taken, grant: test.grant, refusal: test.refusal };
  }
  const limits = limitsFor(caller);
  const outcome = unlessRevoked(
    caller,
    await limiter(env, caller).admitMany({ limits, pdfFlags: items.map((i) => i.pdf), ...keyCheck(caller) }),
  );
  const accountLevel = caller.kind === 'account';
  if (outcome.admitted === 0 && items.length > 0) {
    throw refusalError(
      outcome.refused!,
      caller,
      limits,
      buildGrant(limits, outcome.usage as Usage, now, { accountLevel }),
      outcome.usage as Usage,
      now,
    );
  }
  const pdfs = items.slice(0, outcome.admitted).filter((i) => i.pdf).length;
  const grant = buildGrant(limits, outcome.usage as Usage, now, {
    accountLevel,
    reservation: { id: outcome.reservation, monthStart: outcome.usage.month.start, documents: outcome.admitted, pdfs },
    webhooks: outcome.webhooks,
  });
  // The error the items past the admitted prefix fail with (batch: per-item rate-limit errors).
  const refusal = outcome.refused
    ? refusalError(outcome.refused, caller, limits, grant, outcome.usage as Usage, now)
    : undefined;
  return { admitted: outcome.admitted, grant, refusal };
}

/**
 * Gives back reserved documents that were not produced (all of the grant's unless `counts` says how
 * many); the reservation never gives back more than it holds. Returns fresh headers/meta.
 */
export async function releaseDocuments(
  env: Env,
  caller: Caller,
  grant: UsageGrant,
  counts: { documents?: number; pdfs?: number } = {},
  now = Date.now(),
): Promise<UsageGrant> {
  // K6: test calls reserve nothing monthly; their count stays (a call was made).
  if (caller.kind === 'account' && caller.test) return peekUsage(env, caller, now);
  const limits = limitsFor(caller);
  const { id } = grant.reservation;
  const usage = id
    ? await limiter(env, caller).release({
        id,
        documents: counts.documents ?? grant.reservation.documents,
        pdfs: counts.pdfs ?? grant.reservation.pdfs,
        accountId: accountId(caller),
      })
    : await limiter(env, caller).peek();
  return buildGrant(limits, usage as Usage, now, { accountLevel: caller.kind === 'account' });
}

/** Current headers and meta without counting anything (errors before admission, replays). */
export async function peekUsage(env: Env, caller: Caller, now = Date.now()): Promise<UsageGrant> {
  if (caller.kind === 'account' && caller.test)
    return unlessRevoked(caller, await admitTestCalls(env, caller, 0, now)).grant;
  const usage = unlessRevoked(caller, await limiter(env, caller).peek(keyCheck(caller)));
  return buildGrant(limitsFor(caller), usage as Usage, now, { accountLevel: caller.kind === 'account' });
}
