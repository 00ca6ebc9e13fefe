import type { IdempotencyStore } from './idempotency/idempotency-object.ts';
import type { AttemptLog } from './limits/attempt-log-object.ts';
import type { MinuteWindow } from './limits/minute-window-object.ts';
import type { RateLimiter } from './limits/rate-limiter-object.ts';

/** The bindings and variables wrangler.toml declares (see workers/storage.md). */
export interface Env {
  SNAPSHOTS: KVNamespace;
  DB: D1Database;
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>;
  IDEMPOTENCY: DurableObjectNamespace<IdempotencyStore>;
  /** Hosted-link opens per client IP (issue 10.4). */
  HOSTED_OPENS: DurableObjectNamespace<MinuteWindow>;
  /** Login and registration attempts per client IP and per e-mail hash (H4, H6, P-LIM4). */
  THROTTLES: DurableObjectNamespace<AttemptLog>;
  WEBHOOK_QUEUE: Queue;
  WEBHOOK_DLQ: Queue;
  DEV_MODE?: string;
  SERVICE_VERSION?: string;
  /** The origin of every absolute link (hosted_url, verification links); required unless DEV_MODE is "true" (issue 10.7). */
  PUBLIC_BASE_URL?: string;
  HOSTED_LINK_SECRET?: string;
  WEBHOOK_ENCRYPTION_KEY?: string;
  /** DEV_MODE only: shortens the D10 retry waits ("1" or "1,2,…" seconds) for end-to-end tests. */
  WEBHOOK_RETRY_DELAYS_SECONDS?: string;
  /** DEV_MODE only: the in-flight lease in seconds (4–60); the reservation lease and heartbeat scale with it (F1, F2). */
  LEASE_SECONDS?: string;
  /** DEV_MODE only: PBKDF2 iterations of new password hashes (1,000–100,000) for the test runs (P13). */
  PASSWORD_HASH_ITERATIONS?: string;
  EMAIL_API_URL?: string;
  EMAIL_API_KEY?: string;
  EMAIL_FROM?: string;
}

interface AppVariables {
  requestId: string;
  startedAt: number;
}

export type AppEnv = { Bindings: Env; Variables: AppVariables };
