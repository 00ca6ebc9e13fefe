// Hosted links are public, so their opens are limited per client IP (issue 10.4): every open counts,
// a 404 probe as much as a PDF, in a fixed one-minute window held by a MinuteWindow Durable Object.

import type { Context } from 'hono';
import { clientIp } from '../accounts/resolve-caller.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { retryAfter } from '../limits/usage-grant.ts';

export const HOSTED_OPENS_PER_MINUTE = 120;

export async function admitHostedOpen(c: Context<AppEnv>, now: number): Promise<void> {
  const ns = c.env.HOSTED_OPENS;
  const { allowed, resetAt } = await ns.get(ns.idFromName(`ip:${clientIp(c)}`)).hit(now, HOSTED_OPENS_PER_MINUTE);
  if (allowed) return;
  const retry = retryAfter(resetAt, now);
  throw new ApiError(
    'rate_limit_exceeded',
    `At most ${HOSTED_OPENS_PER_MINUTE} hosted-link opens a minute from one address; try again in ${retry} s.`,
    { headers: { 'Retry-After': retry } },
  );
}
