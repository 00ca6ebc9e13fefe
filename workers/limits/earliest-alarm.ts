// A Durable Object has one alarm; the RateLimiter wants it for two things (decision F1): the D1 usage
// copy at most 5 minutes after a change (usage-snapshot.ts, P-LIM5), and the end of the earliest reservation lease. This keeps the alarm at the
// earliest time anything is due, so neither want can push the other later. The alarm handler does
// everything that is due and asks again for what is left.

export class EarliestAlarm {
  /** The alarm as set, known from storage once `load` ran (null = none). */
  private at: number | null = null;

  constructor(private readonly storage: DurableObjectStorage) {}

  /** Reads the alarm stored by an earlier instance of the object (call under blockConcurrencyWhile). */
  async load(): Promise<void> {
    this.at = await this.storage.getAlarm();
  }

  /** Makes sure the alarm fires at `time` (Unix ms) or earlier. */
  wakeBy(time: number): void {
    if (this.at !== null && this.at <= time) return;
    this.at = time;
    // Not awaited: the write must not delay the answer (the output gate holds the answer until it is stored).
    void this.storage.setAlarm(time);
  }

  /** The alarm handler started: the alarm that fired is used up. */
  fired(): void {
    this.at = null;
  }
}
