// The RateLimiter Durable Object (D7): one instance per account ('acct:<id>') and per anonymous client
// IP ('ip:<address>'). Each RPC reads, checks and writes its counters synchronously (SQLite storage,
// no await in between), so concurrent requests are serialised and never admit more than the limit.
// The object's own clock decides every window and lease (issue 25, decision P-LIM2): no RPC takes the caller's time,
// so two isolates whose clocks disagree at an hour or month boundary cannot count one call in two windows.
import { DurableObject } from 'cloudflare:workers';
import { type AccountFacts, AccountFactsTable } from './account-facts-table.ts';
import { CreditLedger, type Credits } from './credit-ledger.ts';
import { EarliestAlarm } from './earliest-alarm.ts';
import { type HourlyAdmission, HourlyCounters } from './hourly-counter.ts';
import { holdsOnlyCounters, liveUntil } from './idle-subject.ts';
import { leaseTimings } from './lease-timings.ts';
import type { PlanLimits } from './plans.ts';
import { ReservationLedger, type Reserved } from './reservation-ledger.ts';
import { writeUsageSnapshot } from './usage-snapshot.ts';
import { type Usage, WindowCounters } from './window-counters.ts';
import { hourWindow } from './windows.ts';

export type { Usage } from './window-counters.ts';

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

/** Which key to check: the account (whose live key is loaded from D1 on first use) and the presented hash. */
export interface KeyCheck {
  accountId?: string;
  keyHash?: string;
}

/** The presented key is not the live one: the call is 401 invalid_api_key and counts nothing. */
export interface Revoked {
  revoked: true;
}

export type RefusedWindow = 'hourly' | 'weekly' | 'monthly' | 'monthly_pdfs';
/**
 * `webhooks`: false when the account has never had a webhook, so no event needs emitting (P-ACC2).
 * `reservation`: the id of the leased reservation of what was reserved (F1), absent when nothing was.
 */
export type AdmitOutcome =
  | { admitted: true; usage: Usage; webhooks: boolean; reservation?: string }
  | { admitted: false; refused: RefusedWindow; usage: Usage };

/** A legacy render (D11): one call in the windows and one credit (leased, F1), or a refusal that counts nothing. */
export type LegacyAdmitOutcome =
  | { admitted: true; usage: Usage; credits: Credits; reservation: string }
  | { admitted: false; refused: 'hourly' | 'weekly' | 'credits'; usage: Usage; credits: Credits };

/** D1 snapshots are written behind, at most this long after a change. */
const FLUSH_DELAY_MS = 2_000;
/** A snapshot that failed (D1 unavailable) is tried again this much later. */
const FLUSH_RETRY_MS = 60_000;

/**
 * The bindings the object itself uses (it is given the Worker's whole Env). Named here rather than
 * imported from env.ts, which names this class: the two modules would import each other.
 */
interface LimiterBindings {
  DB: D1Database;
  DEV_MODE?: string;
  LEASE_SECONDS?: string;
}

export class RateLimiter extends DurableObject<LimiterBindings> {
  private readonly wake = new EarliestAlarm(this.ctx.storage);
  private counters!: WindowCounters;
  private facts!: AccountFactsTable;
  private credits!: CreditLedger;
  private hourly!: HourlyCounters;
  private reservations!: ReservationLedger;
  /** The clean-up alarm deleted the storage, tables included (P-LIM3): the next call makes them again. */
  private wiped = false;

  constructor(ctx: DurableObjectState, env: LimiterBindings) {
    super(ctx, env);
    this.makeTables();
    void ctx.blockConcurrencyWhile(() => this.wake.load());
  }

  private makeTables(): void {
    const sql = this.ctx.storage.sql;
    this.counters = new WindowCounters(sql);
    sql.exec('CREATE TABLE IF NOT EXISTS subject (id INTEGER PRIMARY KEY CHECK (id = 1), account_id TEXT NOT NULL)');
    this.facts = new AccountFactsTable(sql, this.env.DB);
    this.credits = new CreditLedger(sql);
    this.hourly = new HourlyCounters(sql);
    this.reservations = new ReservationLedger(sql, leaseTimings(this.env).reservationMs);
  }

  /** Every RPC starts here: an instance still in memory after its storage was deleted works on. */
  private ready(): void {
    if (!this.wiped) return;
    this.makeTables();
    this.wiped = false;
  }

  /** Rotation (rotateApiKey) calls this before D1 commits: from now on only `keyHash` is admitted. */
  setLiveKey(keyHash: string): void {
    this.ready();
    this.facts.set('live_key', keyHash, true);
  }

  /** After a failed rotation: reload the live key from D1 on the next call. */
  forgetLiveKey(): void {
    this.ready();
    this.facts.forget('live_key');
  }

  /**
   * Closing the account (issue 24, H17): every row of every table goes (counters, facts, credits, reservations, the
   * subject), so a pending alarm has nothing to copy to D1 and the next call reloads the facts from D1, where the
   * account has no live key. The tables stay: this instance may still be in memory and uses them; a pending alarm
   * then finds an object of empty counters and deletes its storage (P-LIM3).
   */
  eraseAccount(): void {
    this.ready();
    const tables = this.ctx.storage.sql
      .exec<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite%'",
      )
      .toArray();
    for (const { name } of tables) this.ctx.storage.sql.exec(`DELETE FROM "${name}"`);
  }

  /** Webhook creation calls this before its D1 insert; it is never unset. */
  noteWebhooks(): void {
    this.ready();
    this.facts.set('webhooks', '1', true);
  }

  private async accountFacts(accountId: string | undefined): Promise<AccountFacts | null> {
    return accountId ? this.facts.load(accountId) : null;
  }

  /** D6: a presented key hash that is not the live one is refused (a session caller presents none). */
  private static revoked(facts: { liveKey: string } | null, check: KeyCheck): boolean {
    return facts !== null && check.keyHash !== undefined && facts.liveKey !== check.keyHash;
  }

  private read(now: number): Usage {
    return this.counters.read(now);
  }

  private write(u: Usage): void {
    this.counters.write(u);
  }

  private static refusal(
    u: Usage,
    l: PlanLimits,
    calls: number,
    documents: number,
    pdfs: number,
  ): RefusedWindow | null {
    // The longest-lasting block is reported first, so Retry-After never promises relief too early.
    if (l.monthly !== null && documents > 0 && u.month.documents + documents > l.monthly) return 'monthly';
    if (l.monthlyPdfs !== null && pdfs > 0 && u.month.pdfs + pdfs > l.monthlyPdfs) return 'monthly_pdfs';
    if (l.weekly !== null && calls > 0 && u.week.count + calls > l.weekly) return 'weekly';
    if (l.hourly !== null && calls > 0 && u.hour.count + calls > l.hourly) return 'hourly';
    return null;
  }

  /** All or nothing: counts the calls and reserves the documents under a lease (F1), or refuses and counts nothing. */
  async admit(input: AdmitInput): Promise<AdmitOutcome | Revoked> {
    this.ready();
    const facts = await this.accountFacts(input.accountId);
    if (RateLimiter.revoked(facts, input)) return { revoked: true };
    const now = Date.now();
    const usage = this.current(now, input.accountId);
    const refused = RateLimiter.refusal(usage, input.limits, input.calls, input.documents, input.pdfs);
    if (refused) return { admitted: false, refused, usage };
    usage.hour.count += input.calls;
    usage.week.count += input.calls;
    usage.month.documents += input.documents;
    usage.month.pdfs += input.pdfs;
    this.write(usage);
    this.afterChange(input.accountId);
    const reservation = this.reserve(now, usage.month.start, {
      documents: input.documents,
      pdfs: input.pdfs,
      credits: 0,
    });
    return { admitted: true, usage, webhooks: facts?.webhooks ?? false, ...(reservation && { reservation }) };
  }

  /**
   * Batch: admits the longest prefix of `items` that fits (each item one call and one document, PDFs
   * as flagged), its documents in one leased reservation (F1). Returns how many were admitted; 0 means
   * refused, with the blocking window.
   */
  async admitMany(
    input: Omit<AdmitInput, 'calls' | 'documents' | 'pdfs'> & { pdfFlags: boolean[] },
  ): Promise<
    { admitted: number; refused: RefusedWindow | null; usage: Usage; webhooks: boolean; reservation?: string } | Revoked
  > {
    this.ready();
    const facts = await this.accountFacts(input.accountId);
    if (RateLimiter.revoked(facts, input)) return { revoked: true };
    const now = Date.now();
    const usage = this.current(now, input.accountId);
    let admitted = 0;
    let pdfs = 0;
    let refused: RefusedWindow | null = null;
    for (const pdf of input.pdfFlags) {
      refused = RateLimiter.refusal(usage, input.limits, 1, 1, pdf ? 1 : 0);
      if (refused) break;
      usage.hour.count += 1;
      usage.week.count += 1;
      usage.month.documents += 1;
      usage.month.pdfs += pdf ? 1 : 0;
      pdfs += pdf ? 1 : 0;
      admitted++;
    }
    if (admitted > 0) {
      this.write(usage);
      this.afterChange(input.accountId);
    }
    const reservation = this.reserve(now, usage.month.start, { documents: admitted, pdfs, credits: 0 });
    return { admitted, refused, usage, webhooks: facts?.webhooks ?? false, ...(reservation && { reservation }) };
  }

  /** Opens the leased reservation of what an admission reserved (F1); none when it reserved nothing. */
  private reserve(now: number, monthStart: number, units: Reserved): string | undefined {
    if (units.documents + units.pdfs + units.credits === 0) return undefined;
    const { id, leaseUntil } = this.reservations.open(now, monthStart, units);
    this.wake.wakeBy(leaseUntil);
    return id;
  }

  /**
   * Gives back what was counted for reservation `id` but not produced (failed items, a failed render),
   * at most what the reservation still holds; nothing once it was settled or given back.
   */
  release(input: { id: string; documents: number; pdfs: number; credits?: number; accountId?: string }): Usage {
    this.ready();
    const now = Date.now();
    const taken = this.reservations.take(input.id, { ...input, credits: input.credits ?? 0 });
    if (taken) this.giveBack(now, taken);
    const usage = this.read(now);
    if (taken) this.afterChange(input.accountId);
    return usage;
  }

  /** The work produced what reservation `id` holds: it stays counted for good (F1). */
  settle(input: { id: string }): boolean {
    this.ready();
    return this.reservations.settle(input.id);
  }

  /** The heartbeat of a request still working (F1). False when the reservation is gone (settled or given back). */
  renew(input: { id: string }): boolean {
    this.ready();
    return this.reservations.renew(input.id, Date.now());
  }

  /** Takes `units` off the counters: documents only in their own month (never into a later one), credits always. */
  private giveBack(now: number, units: Reserved & { month_start: number }): void {
    const usage = this.read(now);
    if (usage.month.start === units.month_start && units.documents + units.pdfs > 0) {
      usage.month.documents = Math.max(0, usage.month.documents - units.documents);
      usage.month.pdfs = Math.max(0, usage.month.pdfs - units.pdfs);
      this.write(usage);
    }
    for (let i = 0; i < units.credits; i++) this.credits.giveBack();
  }

  /** Gives back every reservation whose lease ended by `now`: their attempts died (F1). True when any did. */
  private sweep(now: number): boolean {
    const expired = this.reservations.takeExpired(now);
    for (const row of expired) this.giveBack(now, row);
    return expired.length > 0;
  }

  /** The counters as of `now`, expired reservations given back first, so a retry never pays for a dead attempt. */
  private current(now: number, accountId: string | undefined): Usage {
    if (this.sweep(now)) this.afterChange(accountId);
    return this.read(now);
  }

  /**
   * D11: counts one call in the hourly and weekly windows and takes one credit under a lease (F1), or
   * refuses and counts nothing. No credit left is reported before a full window: credits never come
   * back by themselves.
   */
  async admitLegacyRender(input: {
    limits: PlanLimits;
    accountId: string;
    keyHash?: string;
  }): Promise<LegacyAdmitOutcome | Revoked> {
    this.ready();
    const facts = await this.accountFacts(input.accountId);
    if (RateLimiter.revoked(facts, input)) return { revoked: true };
    // D1 only when the object's copy says no credit is left (or it has none yet): awaited before the
    // synchronous section below, so concurrent renders are still serialised.
    if (this.credits.needsD1()) {
      const row = await this.env.DB.prepare('SELECT credits_total, credits_used FROM accounts WHERE id = ?')
        .bind(input.accountId)
        .first<{ credits_total: number; credits_used: number }>();
      this.credits.load({ total: row?.credits_total ?? 0, used: row?.credits_used ?? 0 });
    }
    const now = Date.now();
    const usage = this.current(now, input.accountId);
    const window = RateLimiter.refusal(usage, input.limits, 1, 0, 0);
    const before = this.credits.current();
    if (before.used >= before.total) return { admitted: false, refused: 'credits', usage, credits: before };
    if (window === 'hourly' || window === 'weekly') return { admitted: false, refused: window, usage, credits: before };
    const credits = this.credits.take();
    usage.hour.count += 1;
    usage.week.count += 1;
    this.write(usage);
    this.afterChange(input.accountId);
    const reservation = this.reserve(now, usage.month.start, { documents: 0, pdfs: 0, credits: 1 })!;
    return { admitted: true, usage, credits, reservation };
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

  async peek(check: KeyCheck = {}): Promise<Usage | Revoked> {
    this.ready();
    if (check.keyHash && RateLimiter.revoked(await this.accountFacts(check.accountId), check)) return { revoked: true };
    return this.current(Date.now(), check.accountId);
  }

  /**
   * Account objects: the D1 snapshot follows within FLUSH_DELAY_MS. IP objects: the alarm checks at the end of the
   * hour whether any window is still running, and deletes the object when none is (P-LIM3).
   */
  private afterChange(accountId: string | undefined): void {
    if (!accountId) {
      this.wake.wakeBy(hourWindow(Date.now()).end * 1000);
      return;
    }
    this.ctx.storage.sql.exec(
      'INSERT INTO subject (id, account_id) VALUES (1, ?) ON CONFLICT(id) DO NOTHING',
      accountId,
    );
    this.wake.wakeBy(Date.now() + FLUSH_DELAY_MS);
  }

  /**
   * P-LIM3: an object of counters only (an IP's) has no snapshot to write. While a window with a count runs it
   * wakes at that window's end; once none does, its storage is deleted. True when the object was such an object.
   */
  private async forgetWhenIdle(now: number): Promise<boolean> {
    const sql = this.ctx.storage.sql;
    if (!holdsOnlyCounters(sql)) return false;
    const until = liveUntil(sql, now);
    if (until !== null) {
      this.wake.wakeBy(until);
      return true;
    }
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.wiped = true;
    return true;
  }

  /**
   * Gives back the reservations whose lease ended (F1), asks to be woken at the next lease end, and
   * writes the counters and the credits used to D1 for the admin command and /me's fallback
   * (usage-snapshot.ts; nothing for IP objects, which have no subject).
   */
  override async alarm(): Promise<void> {
    this.ready();
    this.wake.fired();
    const now = Date.now();
    this.sweep(now);
    const next = this.reservations.nextExpiry();
    if (next !== null) this.wake.wakeBy(next);
    if (await this.forgetWhenIdle(now)) return;
    try {
      await writeUsageSnapshot(this.ctx.storage.sql, this.env.DB, this.credits.used());
    } catch (err) {
      // The object stays the source of truth; the copy is tried again later rather than failing the alarm.
      console.error(JSON.stringify({ level: 'error', msg: 'usage snapshot failed', error: String(err) }));
      this.wake.wakeBy(Date.now() + FLUSH_RETRY_MS);
    }
  }
}
