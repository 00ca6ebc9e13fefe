// The texts of the webhook notices (issue 26, decision W9): every creation, and the webhooks deactivated because the
// API key that created them was rotated or deleted. A leaked key could otherwise add a receiver of every new invoice
// unnoticed, or leave one behind after it is revoked.
import type { OutgoingEmail } from './mail-transport.ts';

/** Who created the webhook: an API key (its last 4 characters) or the dashboard (a logged-in session). */
export type WebhookCreator = { kind: 'api_key'; last4: string } | { kind: 'session' };

export function webhookCreatedEmail(
  to: string,
  hook: { url: string; events: readonly string[] },
  by: WebhookCreator,
): OutgoingEmail {
  return {
    to,
    subject: 'A webhook was added to your account',
    text: [
      by.kind === 'api_key'
        ? `The API key ending in …${by.last4} added a webhook to your invoice service account.`
        : 'A webhook was added to your invoice service account from the dashboard.',
      '',
      `URL: ${hook.url}`,
      `Events: ${hook.events.join(', ')}`,
      '',
      'It receives these events of the account, with their hosted links.',
      ...(by.kind === 'api_key' ? ['It is deactivated when that key is rotated or deleted.'] : []),
      'If you do not know it, delete it in the dashboard (Webhooks) and rotate your API key.',
    ].join('\n'),
  };
}

export function webhooksDeactivatedEmail(
  to: string,
  hooks: readonly { id: string; url: string }[],
  reason: string,
): OutgoingEmail {
  return {
    to,
    subject: hooks.length === 1 ? 'A webhook was deactivated' : `${hooks.length} webhooks were deactivated`,
    text: [
      `${hooks.length === 1 ? 'This webhook of your invoice service account was' : 'These webhooks of your invoice service account were'} deactivated: ${reason}.`,
      '',
      ...hooks.map((h) => `${h.id}: ${h.url}`),
      '',
      hooks.length === 1
        ? 'It receives no more events. If you still want it, create it again with the new key or from the dashboard.'
        : 'They receive no more events. If you still want them, create them again with the new key or from the dashboard.',
    ].join('\n'),
  };
}
