// H2: what one request may spend on fetches made on its client's behalf (logo and signature URLs,
// for every item of a batch): a total time budget and a bound on fetches in flight. Created by the
// route, passed down, and shared by everything the request fetches.

/** The one way outbound requests are made, so tests can stand in for the network. */
export type Fetcher = (url: string, init: RequestInit) => Promise<Response>;

export const defaultFetcher: Fetcher = (url, init) => fetch(url, init);

/** Raised for a task that could not start or finish before the budget was spent. */
class BudgetSpent extends Error {
  constructor() {
    super('the request has spent its fetch budget');
    this.name = 'BudgetSpent';
  }
}

/** Settles like `promise`, or rejects with `signal.reason` as soon as the signal aborts, whichever is first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })),
  ]);
}

export class FetchBudget {
  private readonly deadline: number;
  private spentSignal?: AbortSignal;
  private inFlight = 0;
  private readonly waiting: { start: () => void; fail: (err: Error) => void }[] = [];

  constructor(
    totalMs: number,
    private readonly maxInFlight: number,
  ) {
    this.deadline = Date.now() + totalMs;
  }

  /** Aborts at the deadline; made on first use, so a request that fetches nothing sets no timer. */
  private get spent(): AbortSignal {
    if (!this.spentSignal) {
      this.spentSignal = AbortSignal.timeout(Math.max(0, this.deadline - Date.now()));
      this.spentSignal.addEventListener('abort', () => {
        for (const w of this.waiting.splice(0)) w.fail(new BudgetSpent());
      });
    }
    return this.spentSignal;
  }

  /**
   * Runs `task` once fewer than `maxInFlight` tasks run, with a signal that aborts after `taskMs`
   * or when the budget is spent; the returned promise settles by then whether or not the task
   * honours its signal. Rejects with BudgetSpent when the budget ran out before the task started.
   */
  async run<T>(taskMs: number, task: (signal: AbortSignal) => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      const signal = AbortSignal.any([this.spent, AbortSignal.timeout(taskMs)]);
      return await untilAborted(task(signal), signal);
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.spent.aborted || Date.now() >= this.deadline) return Promise.reject(new BudgetSpent());
    if (this.inFlight < this.maxInFlight) {
      this.inFlight++;
      return Promise.resolve();
    }
    return new Promise((start, fail) => this.waiting.push({ start, fail }));
  }

  private release(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next waiting task, so inFlight stays as it is.
    if (next) next.start();
    else this.inFlight--;
  }
}
