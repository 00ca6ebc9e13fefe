// The RateLimiter's counters with their leased reservations (F1): what an admission counted is held under a lease
// until the request settles it; what a failed or dead request held is given back, documents only in their own month
// (never into a later one), credits always. The object's RPCs run these inside their synchronous section.
import type { CreditLedger } from './credit-ledger.ts';
import type { EarliestAlarm } from './earliest-alarm.ts';
import type { ReservationLedger, Reserved } from './reservation-ledger.ts';
import type { Usage, WindowCounters } from './window-counters.ts';

export class LeasedCounters {
  constructor(
    private readonly counters: WindowCounters,
    private readonly credits: CreditLedger,
    readonly reservations: ReservationLedger,
    private readonly wake: EarliestAlarm,
  ) {}

  read(now: number): Usage {
    return this.counters.read(now);
  }

  write(u: Usage): void {
    this.counters.write(u);
  }

  /** Opens the leased reservation of what an admission reserved (F1); none when it reserved nothing. */
  reserve(now: number, monthStart: number, units: Reserved): string | undefined {
    if (units.documents + units.pdfs + units.credits === 0) return undefined;
    const { id, leaseUntil } = this.reservations.open(now, monthStart, units);
    this.wake.wakeBy(leaseUntil);
    return id;
  }

  /** Gives back up to `units` of reservation `id` (at most what it still holds). True when anything was. */
  release(now: number, id: string, units: Reserved): boolean {
    const taken = this.reservations.take(id, units);
    if (taken) this.giveBack(now, taken);
    return taken !== null;
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
  sweep(now: number): boolean {
    const expired = this.reservations.takeExpired(now);
    for (const row of expired) this.giveBack(now, row);
    return expired.length > 0;
  }
}
