// What the RateLimiter's RPCs take and answer (D7, F1, D11), apart from the object so that the Worker side
// (admit-request.ts, usage-grant.ts, the MCP usage tool) reads them without the class.
import type { Credits } from './credit-ledger.ts';
import type { PlanLimits } from './plans.ts';
import type { Usage } from './window-counters.ts';

export interface AdmitInput {
  limits: PlanLimits;
  /** Calls counted against the hourly and weekly windows. */
  calls: number;
  /** Documents and PDFs reserved in the monthly quota. */
  documents: number;
  pdfs: number;
  /** Account id, for the D1 usage snapshot read by `npm run admin -- usage`; absent for IPs. */
  accountId?: string;
  /** SHA-256 of the presented API key: refused unless it is the account's live key (P-ACC2). */
  keyHash?: string;
}

export type RefusedWindow = 'hourly' | 'weekly' | 'monthly' | 'monthly_pdfs';
/**
 * `webhooks`: false when the account has no active webhook, so no event needs emitting (P-ACC2, W7).
 * `reservation`: the id of the leased reservation of what was reserved (F1), absent when nothing was.
 */
export type AdmitOutcome =
  | { admitted: true; usage: Usage; webhooks: boolean; reservation?: string }
  | { admitted: false; refused: RefusedWindow; usage: Usage };

/** A legacy render (D11): one call in the windows and one credit (leased, F1), or a refusal that counts nothing. */
export type LegacyAdmitOutcome =
  | { admitted: true; usage: Usage; credits: Credits; reservation: string }
  | { admitted: false; refused: 'hourly' | 'weekly' | 'credits'; usage: Usage; credits: Credits };

/** Batch (D7): how many items were admitted (0: refused, with the blocking window), in one leased reservation (F1). */
export interface AdmitManyOutcome {
  admitted: number;
  refused: RefusedWindow | null;
  usage: Usage;
  webhooks: boolean;
  reservation?: string;
}

/**
 * The bindings the object itself uses (it is given the Worker's whole Env). Named here rather than
 * imported from env.ts, which names the class: the two modules would import each other.
 */
export interface LimiterBindings {
  DB: D1Database;
  DEV_MODE?: string;
  LEASE_SECONDS?: string;
}
