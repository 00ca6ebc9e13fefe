// The heartbeat of a request that holds leases (decisions F1, F2): while the request works it renews them every
// `everyMs` (workers/limits/lease-timings.ts), so only a request that died (killed isolate, lost machine) lets them lapse. Started once a
// lease is taken, stopped in `finally`. A failed renewal is logged and the next one tried: every lease lasts
// at least three intervals, so one lost renewal does not end it.

export interface Heartbeat {
  stop(): void;
}

/** Calls `renew` every `everyMs` until stopped; never two renewals at once, never after `stop()`. */
export function startHeartbeat(renew: () => Promise<unknown>, what: string, everyMs: number): Heartbeat {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = () => {
    timer = setTimeout(async () => {
      if (stopped) return;
      try {
        await renew();
      } catch (err) {
        console.error(JSON.stringify({ level: 'error', msg: 'lease renewal failed', lease: what, error: String(err) }));
      }
      if (!stopped) next();
    }, everyMs);
  };
  next();
  return {
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}
