// The one call every change of an account's webhooks makes once D1 has it (issue 25, decision W7): create, delete,
// deactivation (a rotated or deleted key, W9) and any later mutation (PATCH) call `webhooksChanged`, so the
// account's RateLimiter reloads the subscriptions it emits events by. It never fails the change: a reload that does
// not happen is logged, the object's copy is reloaded anyway within SUBSCRIPTIONS_MAX_AGE_MS, and until then the
// delivery still reads the webhook's row, so a deleted or deactivated webhook gets nothing either way.
import type { Env } from '../env.ts';
import { reloadWebhookSubscriptions } from '../limits/account-facts.ts';

export async function webhooksChanged(env: Env, accountId: string): Promise<void> {
  try {
    await reloadWebhookSubscriptions(env, accountId);
  } catch (err) {
    console.error(
      JSON.stringify({
        level: 'error',
        msg: 'webhook subscriptions reload failed',
        account_id: accountId,
        error: String((err as Error)?.stack ?? err),
      }),
    );
  }
}
