// The leased reservations one request holds (decision F1). Admission opens each with a lease in the
// caller's RateLimiter; while the request works, one heartbeat renews them all; once its answer is final
// (after with-idempotency stored it, or after it was sent) the app settles them, after the response
// (`settleHeldReservations`, workers/app.ts). A request that dies before that renews nothing more, and the
// RateLimiter gives the outstanding part back when the lease ends: a retry never pays twice.
import type { Context } from 'hono';
import type { Caller } from '../accounts/caller.ts';
import type { AppEnv } from '../env.ts';
import { type Heartbeat, startHeartbeat } from '../http/lease-heartbeat.ts';
import { limiter } from './admit-request.ts';
import { leaseTimings } from './lease-timings.ts';

export interface HeldReservation {
  /**
   * The request will not settle this reservation: it gave everything back, or a give-back failed and
   * the lease's end returns the rest (the caller then pays nothing for it rather than too much).
   */
  drop(): void;
}

interface Entry {
  caller: Caller;
  id: string;
  settle: boolean;
}

class RequestReservations {
  private readonly entries: Entry[] = [];
  private heartbeat: Heartbeat | undefined;

  constructor(private readonly c: Context<AppEnv>) {}

  hold(caller: Caller, id: string): HeldReservation {
    const entry: Entry = { caller, id, settle: true };
    this.entries.push(entry);
    this.heartbeat ??= startHeartbeat(() => this.renewAll(), 'reservation', leaseTimings(this.c.env).heartbeatMs);
    return {
      drop: () => {
        entry.settle = false;
      },
    };
  }

  private live(): Entry[] {
    return this.entries.filter((e) => e.settle);
  }

  private async renewAll(): Promise<void> {
    await Promise.all(this.live().map((e) => limiter(this.c.env, e.caller).renew({ id: e.id })));
  }

  /** Stops the heartbeat and settles what is still held; a failed settle leaves the rest to the lease. */
  async settleAll(): Promise<void> {
    this.heartbeat?.stop();
    const held = this.live();
    for (const e of held) e.settle = false;
    const log = (msg: string, id: string, error?: unknown) =>
      console.error(
        JSON.stringify({ level: 'error', msg, reservation: id, ...(error !== undefined && { error: String(error) }) }),
      );
    await Promise.all(
      held.map((e) =>
        limiter(this.c.env, e.caller)
          .settle({ id: e.id })
          .then(
            // Its lease ended first (the renewals failed): the documents were given back, the caller paid nothing.
            (settled) => settled || log('reservation lapsed before it was settled', e.id),
            // The lease's end will give these documents back: the caller pays nothing for them.
            (err: unknown) => log('reservation settle failed', e.id, err),
          ),
      ),
    );
  }
}

// One per request; keyed by hono's Context, which is the same object from the first middleware to the handler.
const byRequest = new WeakMap<Context<AppEnv>, RequestReservations>();

const NOTHING_HELD: HeldReservation = { drop() {} };

/** Holds the reservation `id` (absent: the admission reserved nothing) until the request's answer is final. */
export function holdReservation(c: Context<AppEnv>, caller: Caller, id: string | undefined): HeldReservation {
  if (!id) return NOTHING_HELD;
  let held = byRequest.get(c);
  if (!held) {
    held = new RequestReservations(c);
    byRequest.set(c, held);
  }
  return held.hold(caller, id);
}

/** The request's answer is final: what it still holds was produced and stays counted (after the response). */
export function settleHeldReservations(c: Context<AppEnv>): void {
  const held = byRequest.get(c);
  if (!held) return;
  byRequest.delete(c);
  const settled = held.settleAll();
  try {
    c.executionCtx.waitUntil(settled);
  } catch {
    // No execution context (an app fetched without one, in tests): the settle runs on its own.
  }
}
