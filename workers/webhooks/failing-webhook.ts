// W11: an endpoint that has failed every delivery for 5 days is deactivated, with the reason on the webhook and an
// email to the account. The queue consumer decides at a failed attempt, from `failing_since` (the first failure
// since the last success, kept by the UPDATE that records each attempt): no extra write on any request or on a
// healthy delivery, and no scan; a webhook that stops receiving events is judged at its next failed attempt.
import { findAccountById } from '../accounts/account-store.ts';
import type { OutgoingEmail } from '../email/mail-transport.ts';
import { mailerFor } from '../email/mailer.ts';
import type { Env } from '../env.ts';
import { deactivateFailingWebhook, type StoredWebhook } from './webhook-store.ts';
import { webhooksChanged } from './webhooks-changed.ts';

const FAILING_DAYS_BEFORE_DEACTIVATION = 5;
const FAILING_SECONDS = FAILING_DAYS_BEFORE_DEACTIVATION * 86_400;

const isoDay = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Whether this failed attempt (at `atSeconds`) ends the 5 days; `failingSince` as read before the attempt. */
export function failsLongEnough(failingSince: number | null, atSeconds: number): boolean {
  return failingSince !== null && failingSince <= atSeconds - FAILING_SECONDS;
}

function disabledReason(failingSince: number, atSeconds: number, lastStatus: string): string {
  return `Every delivery failed for ${FAILING_DAYS_BEFORE_DEACTIVATION} days (from ${isoDay(failingSince)} to ${isoDay(atSeconds)}; last: ${lastStatus}), so the service deactivated this webhook.`;
}

function deactivatedEmail(to: string, hook: StoredWebhook, reason: string): OutgoingEmail {
  return {
    to,
    subject: 'A webhook was deactivated',
    text: [
      `Your webhook ${hook.url} (${hook.id}) no longer receives events.`,
      reason,
      '',
      'Events generated while it is inactive are not sent to it later.',
      'When the endpoint answers again, resume the webhook on the Webhooks page of the dashboard,',
      `or with PATCH /api/webhooks/${hook.id} and the body {"is_active": true}.`,
    ].join('\n'),
  };
}

/**
 * Deactivates `hook` if its failures began 5 days ago or earlier; only the call that makes the change sends the
 * email. A failure to send it is logged: the webhook stays deactivated and shows its reason. True when deactivated.
 */
export async function deactivateIfFailingTooLong(
  env: Env,
  hook: StoredWebhook,
  atSeconds: number,
  lastStatus: string,
  log: (level: 'warn' | 'error', msg: string, extra: Record<string, unknown>) => void,
): Promise<boolean> {
  if (!failsLongEnough(hook.failing_since, atSeconds)) return false;
  const reason = disabledReason(hook.failing_since!, atSeconds, lastStatus);
  if (!(await deactivateFailingWebhook(env.DB, hook.id, atSeconds - FAILING_SECONDS, reason))) return false;
  log('warn', 'webhook deactivated after 5 days of failed deliveries', { webhook_id: hook.id });
  await webhooksChanged(env, hook.account_id); // the fan-out stops sending it events (W7)
  try {
    const account = await findAccountById(env.DB, hook.account_id);
    if (account && account.deleting_at === null)
      await mailerFor(env).send(deactivatedEmail(account.email, hook, reason));
  } catch (err) {
    log('error', 'webhook deactivation email failed', { webhook_id: hook.id, error: String(err) });
  }
  return true;
}
