// The RateLimiter Durable Object (D7): one instance per account ('acct:<id>') and per anonymous client
// IP ('ip:<address>'). Each RPC reads, checks and writes its counters synchronously (SQLite storage,
// no await in between), so concurrent requests are serialised and never admit more than the limit.
// The object's own clock decides every window and lease (issue 25, decision P-LIM2): no RPC takes the caller's time,
// so two isolates whose clocks disagree at an hour or month boundary cannot count one call in two windows.
import { DurableObject } from 'cloudflare:workers';
import { AccountFactsTable } from './account-facts-table.ts';
import { CreditLedger } from './credit-ledger.ts';
import { EarliestAlarm } from './earliest-alarm.ts';
import { type HourlyAdmission, HourlyCounters } from './hourly-counter.ts';
import { emptyEveryTable, forgetWhenIdle } from './idle-subject.ts';
import { leaseTimings } from './lease-timings.ts';
import { LeasedCounters } from './leased-counters.ts';
import { admitLegacyCall } from './legacy-admission.ts';
import { type KeyCheck, LiveKeyCheck, type Revoked } from './live-key-check.ts';
import { admitPrefix, count, refusal } from './plan-refusal.ts';
import type { PlanLimits } from './plans.ts';
import type {
  AdmitInput,
  AdmitManyOutcome,
  AdmitOutcome,
  LegacyAdmitOutcome,
  LimiterBindings,
} from './rate-limiter-types.ts';
import { ReservationLedger } from './reservation-ledger.ts';
import { SubscriptionsTable } from './subscriptions-table.ts';
import { UnmeteredTally, unlimited } from './unmetered-tally.ts';
import { SnapshotSchedule } from './usage-snapshot.ts';
import { type Usage, WindowCounters } from './window-counters.ts';
import { hourWindow } from './windows.ts';

export type { KeyCheck, Revoked } from './live-key-check.ts';
export type { AdmitInput, AdmitOutcome, LegacyAdmitOutcome, RefusedWindow } from './rate-limiter-types.ts';
export type { Usage } from './window-counters.ts';

export class RateLimiter extends DurableObject<LimiterBindings> {
  private readonly wake = new EarliestAlarm(this.ctx.storage);
  private readonly snapshot = new SnapshotSchedule(this.ctx.storage.sql, this.wake);
  /** Calls of a plan without limits, not yet in the counters (P-LIM6). */
  private readonly tally = new UnmeteredTally(
    () => this.leased,
    this.wake,
    (accountId) => this.afterChange(accountId),
  );
  private leased!: LeasedCounters;
  private keys!: LiveKeyCheck;
  private subscriptions!: SubscriptionsTable;
  private credits!: CreditLedger;
  private hourly!: HourlyCounters;
  /** The clean-up alarm deleted the storage, tables included (P-LIM3): the next call makes them again. */
  private wiped = false;

  constructor(ctx: DurableObjectState, env: LimiterBindings) {
    super(ctx, env);
    this.makeTables();
    void ctx.blockConcurrencyWhile(() => this.wake.load());
  }

  private makeTables(): void {
    const sql = this.ctx.storage.sql;
    sql.exec('CREATE TABLE IF NOT EXISTS subject (id INTEGER PRIMARY KEY CHECK (id = 1), account_id TEXT NOT NULL)');
    this.keys = new LiveKeyCheck(new AccountFactsTable(sql, this.env.DB));
    this.subscriptions = new SubscriptionsTable(sql, this.env.DB);
    this.credits = new CreditLedger(sql);
    this.hourly = new HourlyCounters(sql);
    const reservations = new ReservationLedger(sql, leaseTimings(this.env).reservationMs);
    this.leased = new LeasedCounters(new WindowCounters(sql), this.credits, reservations, this.wake);
  }

  /** Every RPC starts here: an instance still in memory after its storage was deleted works on. */
  private ready(): void {
    if (!this.wiped) return;
    this.makeTables();
    this.wiped = false;
  }

  /** A key created (or a rotation's new primary), before D1 commits it: admitted from now on (K4, live-key-check.ts). */
  addLiveKey(keyHash: string): void {
    this.ready();
    this.keys.addLiveKey(keyHash);
  }

  /** A key deleted (or a rotation's old primary), before D1 revokes it: refused from now on (K4). */
  removeLiveKey(keyHash: string): void {
    this.ready();
    this.keys.removeLiveKey(keyHash);
  }

  /** After a failed key change: reload the keys from D1 on the next call. */
  forgetLiveKeys(): void {
    this.ready();
    this.keys.forgetLiveKeys();
  }

  /**
   * Closing the account (issue 24, H17): every row of every table goes (counters, facts, credits, reservations, the
   * subject), so a pending alarm has nothing to copy to D1 and the next call reloads the facts from D1, where the
   * account has no live key. The tables stay: this instance may still be in memory and uses them; a pending alarm
   * then finds an object of empty counters and deletes its storage (P-LIM3).
   */
  eraseAccount(): void {
    this.ready();
    emptyEveryTable(this.ctx.storage.sql);
  }

  /** W7: every change of the account's webhooks (webhooks-changed.ts) reloads the copy from D1. */
  async reloadSubscriptions(input: { accountId: string }): Promise<void> {
    this.ready();
    await this.subscriptions.reload(input.accountId);
  }

  /** W7: the active webhooks subscribed to `eventType`, for the fan-out of an event; D1 only when there is no copy. */
  async webhookSubscribers(input: { accountId: string; eventType: string }): Promise<string[]> {
    this.ready();
    await this.subscriptions.ensure(input.accountId);
    return this.subscriptions.subscribers(input.eventType);
  }

  /** Whether generate and batch hand off an event: the account has an active webhook (W7). */
  private async hasWebhooks(accountId: string | undefined): Promise<boolean> {
    if (!accountId) return false;
    await this.subscriptions.ensure(accountId);
    return this.subscriptions.any();
  }

  /** All or nothing: counts the calls and reserves the documents under a lease (F1), or refuses and counts nothing. */
  async admit(input: AdmitInput): Promise<AdmitOutcome | Revoked> {
    this.ready();
    const facts = await this.keys.accountFacts(input.accountId);
    if (LiveKeyCheck.revoked(facts, input)) return { revoked: true };
    const webhooks = await this.hasWebhooks(input.accountId);
    const now = Date.now();
    if (input.accountId && unlimited(input.limits)) {
      const usage = this.tally.add(now, input.accountId, input.calls, input.documents, input.pdfs);
      return { admitted: true, usage, webhooks };
    }
    const usage = this.current(now, input.accountId);
    const refused = refusal(usage, input.limits, input.calls, input.documents, input.pdfs);
    if (refused) return { admitted: false, refused, usage };
    count(usage, input.calls, input.documents, input.pdfs);
    this.leased.write(usage);
    this.afterChange(input.accountId);
    const reservation = this.leased.reserve(now, usage.month.start, {
      documents: input.documents,
      pdfs: input.pdfs,
      credits: 0,
    });
    return { admitted: true, usage, webhooks, ...(reservation && { reservation }) };
  }

  /**
   * Batch: admits the longest prefix of `items` that fits (each item one call and one document, PDFs
   * as flagged), its documents in one leased reservation (F1). Returns how many were admitted; 0 means
   * refused, with the blocking window.
   */
  async admitMany(
    input: Omit<AdmitInput, 'calls' | 'documents' | 'pdfs'> & { pdfFlags: boolean[] },
  ): Promise<AdmitManyOutcome | Revoked> {
    this.ready();
    const facts = await this.keys.accountFacts(input.accountId);
    if (LiveKeyCheck.revoked(facts, input)) return { revoked: true };
    const webhooks = await this.hasWebhooks(input.accountId);
    const now = Date.now();
    if (input.accountId && unlimited(input.limits)) {
      const n = input.pdfFlags.length;
      const usage = this.tally.add(now, input.accountId, n, n, input.pdfFlags.filter(Boolean).length);
      return { admitted: n, refused: null, usage, webhooks };
    }
    const usage = this.current(now, input.accountId);
    const { admitted, pdfs, refused } = admitPrefix(usage, input.limits, input.pdfFlags);
    if (admitted > 0) {
      this.leased.write(usage);
      this.afterChange(input.accountId);
    }
    const reservation = this.leased.reserve(now, usage.month.start, { documents: admitted, pdfs, credits: 0 });
    return { admitted, refused, usage, webhooks, ...(reservation && { reservation }) };
  }

  /**
   * Gives back what was counted for reservation `id` but not produced (failed items, a failed render),
   * at most what the reservation still holds; nothing once it was settled or given back.
   */
  release(input: { id: string; documents: number; pdfs: number; credits?: number; accountId?: string }): Usage {
    this.ready();
    const now = Date.now();
    const taken = this.leased.release(now, input.id, { ...input, credits: input.credits ?? 0 });
    const usage = this.leased.read(now);
    if (taken) this.afterChange(input.accountId);
    return usage;
  }

  /** The work produced what reservation `id` holds: it stays counted for good (F1). */
  settle(input: { id: string }): boolean {
    this.ready();
    return this.leased.reservations.settle(input.id);
  }

  /** The heartbeat of a request still working (F1). False when the reservation is gone (settled or given back). */
  renew(input: { id: string }): boolean {
    this.ready();
    return this.leased.reservations.renew(input.id, Date.now());
  }

  /** The counters as of `now`, expired reservations given back first, so a retry never pays for a dead attempt. */
  private current(now: number, accountId: string | undefined): Usage {
    this.tally.fold(now); // what is about to be written must hold the tally too
    if (this.leased.sweep(now)) this.afterChange(accountId);
    return this.leased.read(now);
  }

  /** D11: one call in the windows and one leased credit, or a refusal that counts nothing (legacy-admission.ts). */
  async admitLegacyRender(input: {
    limits: PlanLimits;
    accountId: string;
    keyHash?: string;
  }): Promise<LegacyAdmitOutcome | Revoked> {
    this.ready();
    const facts = await this.keys.accountFacts(input.accountId);
    if (LiveKeyCheck.revoked(facts, input)) return { revoked: true };
    // D1 only when the object's copy says no credit is left (or it has none yet): awaited before the
    // synchronous section below, so concurrent renders are still serialised.
    await this.credits.loadFromD1IfNeeded(this.env.DB, input.accountId);
    const now = Date.now();
    const outcome = admitLegacyCall(now, this.current(now, input.accountId), input.limits, this.credits, this.leased);
    if (outcome.admitted) this.afterChange(input.accountId);
    return outcome;
  }

  /** The object's count of used credits, newer than D1's between flushes; undefined before any legacy render. */
  creditsUsed(): number | undefined {
    this.ready();
    return this.credits.used();
  }

  /** W2: one web-app preview, counted apart from the plan's windows (hourly-counter.ts). */
  admitPreview(input: { limit: number }): HourlyAdmission {
    this.ready();
    return this.hourly.take('preview_hour', Date.now(), input.limit);
  }

  /** W3: one webhook redelivery or test event, counted apart from the plan's windows (hourly-counter.ts). */
  admitWebhookSend(input: { limit: number }): HourlyAdmission {
    this.ready();
    return this.hourly.take('webhook_sends_hour', Date.now(), input.limit);
  }

  /** E6: one e-invoice validation dry run, counted apart from the plan's windows (hourly-counter.ts). */
  admitValidation(input: { limit: number }): HourlyAdmission {
    this.ready();
    const outcome = this.hourly.take('validations_hour', Date.now(), input.limit);
    if (outcome.admitted) this.wake.wakeBy(outcome.resetAt * 1000); // an IP object's clean-up check (P-LIM3)
    return outcome;
  }

  /**
   * K6: a test key's calls, counted in `test_calls_hour` apart from the plan's windows and quota: as many of `calls`
   * as fit under `limit` (0 only reads). The key is checked like every metered call's (P-ACC2).
   */
  async admitTestCalls(input: {
    accountId: string;
    keyHash?: string;
    calls: number;
    limit: number;
  }): Promise<{ taken: number; count: number; resetAt: number; webhooks: boolean } | Revoked> {
    this.ready();
    const facts = await this.keys.accountFacts(input.accountId);
    if (LiveKeyCheck.revoked(facts, input)) return { revoked: true };
    const webhooks = await this.hasWebhooks(input.accountId);
    const outcome = this.hourly.takeUpTo('test_calls_hour', Date.now(), input.limit, input.calls);
    return { ...outcome, webhooks };
  }

  async peek(check: KeyCheck = {}): Promise<Usage | Revoked> {
    this.ready();
    if (check.keyHash && LiveKeyCheck.revoked(await this.keys.accountFacts(check.accountId), check))
      return { revoked: true };
    const now = Date.now();
    if (this.leased.sweep(now)) this.afterChange(check.accountId);
    return this.tally.live(now);
  }

  /**
   * Account objects: the D1 snapshot follows (usage-snapshot.ts). IP objects: the alarm checks at the end of the
   * hour whether any window is still running, and deletes the object when none is (P-LIM3).
   */
  private afterChange(accountId: string | undefined): void {
    if (!accountId) {
      this.wake.wakeBy(hourWindow(Date.now()).end * 1000);
      return;
    }
    this.snapshot.afterChange(accountId);
  }

  /**
   * Folds the unlimited calls' tally (P-LIM6), gives back the reservations whose lease ended (F1), and writes the
   * counters and credits used to D1 when that copy is due (usage-snapshot.ts; IP objects have none: P-LIM3).
   */
  override async alarm(): Promise<void> {
    this.ready();
    this.wake.fired();
    const now = Date.now();
    this.tally.fold(now);
    this.leased.sweep(now);
    const next = this.leased.reservations.nextExpiry();
    if (next !== null) this.wake.wakeBy(next);
    // P-LIM3: an object of counters only (an IP's) has no snapshot to write; an idle one deletes its storage.
    const idle = await forgetWhenIdle(this.ctx.storage, this.wake, now);
    if (idle === 'deleted') this.wiped = true;
    if (idle !== 'account') return;
    await this.snapshot.flushIfDue(this.env.DB, this.credits.used(), now);
  }
}
