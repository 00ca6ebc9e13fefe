// Calls of a plan without limits (Enterprise: every window null, D7) are counted off the critical path (issue 25,
// decision P-LIM6): no limit can refuse them, so the count is only shown (headers' `used`, meta, the dashboard) and an
// admission needs no storage write and no reservation (so no settle or renew call either). The object tallies them in
// memory and folds the tally into its counters by its alarm at most FOLD_DELAY_MS later; an answer or a peek shows
// counters plus tally. A window that ended before the fold gets nothing: a window that ended counts as 0 anyway.
import type { EarliestAlarm } from './earliest-alarm.ts';
import type { LeasedCounters } from './leased-counters.ts';
import type { PlanLimits } from './plans.ts';
import type { Usage } from './window-counters.ts';
import { windowsAt } from './windows.ts';

/** The tally reaches the object's storage (not D1) this long after its first call at most. */
const FOLD_DELAY_MS = 10_000;

export function unlimited(l: PlanLimits): boolean {
  return l.hourly === null && l.weekly === null && l.monthly === null && l.monthlyPdfs === null;
}

interface Tally {
  /** The window starts (Unix seconds) the tallied calls belong to. */
  hour: number;
  week: number;
  month: number;
  calls: number;
  documents: number;
  pdfs: number;
  accountId: string;
}

export class UnmeteredTally {
  private tally: Tally | null = null;

  /** `stored`: the object's counters; `onFold`: they changed for `accountId` (the D1 snapshot follows). */
  constructor(
    private readonly stored: () => LeasedCounters,
    private readonly wake: EarliestAlarm,
    private readonly onFold: (accountId: string) => void,
  ) {}

  /** Tallies an unlimited plan's call (no storage write); returns the counters with the tally on top. */
  add(now: number, accountId: string, calls: number, documents: number, pdfs: number): Usage {
    if (this.tally && !this.sameWindows(now)) this.fold(now);
    if (!this.tally) {
      const w = windowsAt(now);
      this.tally = {
        hour: w.hour.start,
        week: w.week.start,
        month: w.month.start,
        calls: 0,
        documents: 0,
        pdfs: 0,
        accountId,
      };
      this.wake.wakeBy(now + FOLD_DELAY_MS);
    }
    this.tally.calls += calls;
    this.tally.documents += documents;
    this.tally.pdfs += pdfs;
    return this.live(now);
  }

  /** The counters as of `now` with the tally on top, in the windows that are still the tally's (a peek). */
  live(now: number): Usage {
    if (this.tally && !this.sameWindows(now)) this.fold(now);
    return this.onTop(this.stored().read(now));
  }

  /** Writes the tally into the stored counters: by the alarm, and before any other write of the counters. */
  fold(now: number): void {
    const t = this.tally;
    if (!t) return;
    this.stored().write(this.onTop(this.stored().read(now)));
    this.tally = null;
    this.onFold(t.accountId);
  }

  private sameWindows(now: number): boolean {
    const w = windowsAt(now);
    const t = this.tally!;
    return w.hour.start === t.hour && w.week.start === t.week && w.month.start === t.month;
  }

  private onTop(usage: Usage): Usage {
    const t = this.tally;
    if (!t) return usage;
    return {
      hour: { ...usage.hour, count: usage.hour.count + (usage.hour.start === t.hour ? t.calls : 0) },
      week: { ...usage.week, count: usage.week.count + (usage.week.start === t.week ? t.calls : 0) },
      month: {
        ...usage.month,
        documents: usage.month.documents + (usage.month.start === t.month ? t.documents : 0),
        pdfs: usage.month.pdfs + (usage.month.start === t.month ? t.pdfs : 0),
      },
    };
  }
}
