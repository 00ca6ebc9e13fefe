// Plan limits (spec: Limits; D3 anonymous; D7 free-plan PDF share, Enterprise unlimited). null = unlimited.
import type { Caller, Tier } from '../accounts/caller.ts';

export interface PlanLimits {
  hourly: number | null;
  weekly: number | null;
  /** Documents per calendar month; null when there is no monthly quota. */
  monthly: number | null;
  /** PDFs per calendar month (part of `monthly`); null when PDFs have no separate cap. */
  monthlyPdfs: number | null;
}

export const PLAN_LIMITS: Record<Tier, PlanLimits> = {
  free: { hourly: 40, weekly: 400, monthly: 100, monthlyPdfs: 50 },
  starter: { hourly: 200, weekly: 4_000, monthly: 1_000, monthlyPdfs: null },
  pro: { hourly: 1_000, weekly: 40_000, monthly: 5_000, monthlyPdfs: null },
  enterprise: { hourly: null, weekly: null, monthly: null, monthlyPdfs: null },
};

/** D3: per client IP, 20 per hour and 100 per week; anonymous calls produce no documents, so no monthly quota. */
const ANONYMOUS_LIMITS: PlanLimits = { hourly: 20, weekly: 100, monthly: null, monthlyPdfs: null };

export function limitsFor(caller: Caller): PlanLimits {
  return caller.kind === 'anonymous' ? ANONYMOUS_LIMITS : PLAN_LIMITS[caller.tier];
}

/** The Durable Object name holding this caller's counters: one per account, one per client IP. */
export function counterSubject(caller: Caller): string {
  return caller.kind === 'anonymous' ? `ip:${caller.ip}` : accountSubject(caller.accountId);
}

export function accountSubject(accountId: string): string {
  return `acct:${accountId}`;
}
