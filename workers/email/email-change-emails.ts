// The texts of the address-change emails (issue 24, decision H16): the link to the new address, the notice sent there
// instead when it already has an account, and the two notices to the old address (asked, then done).
import type { OutgoingEmail } from './mail-transport.ts';

export function emailChangeLinkEmail(to: string, link: string): OutgoingEmail {
  return {
    to,
    subject: 'Confirm your new email address',
    text: [
      'Someone logged in to an invoice service account asked to use this address for it.',
      '',
      'Open this link within 24 hours to make this the account address (it works once):',
      link,
      '',
      'Until then nothing changes. If you did not ask for this, ignore this email.',
    ].join('\n'),
  };
}

/** Sent instead of the link when the address already has an account: the answer to the asker was the same. */
export function emailChangeTakenEmail(to: string): OutgoingEmail {
  return {
    to,
    subject: 'Confirm your new email address',
    text: [
      'Someone logged in to another invoice service account asked to use this address for it.',
      '',
      'This address already has an account, so nothing changes and no link is included.',
      'If that was you, log in with this address instead, or close one of the two accounts first.',
    ].join('\n'),
  };
}

export function emailChangeRequestedNotice(to: string, newEmail: string): OutgoingEmail {
  return {
    to,
    subject: 'A change of your email address was requested',
    text: [
      `A logged-in session of your invoice service account asked to change its address to ${newEmail}.`,
      'The address changes only when the link sent there is opened; until then this one stays.',
      '',
      'If this was not you, change your password now (or reset it: "Forgot password?" on the log-in page).',
    ].join('\n'),
  };
}

export function emailChangedNotice(to: string, newEmail: string): OutgoingEmail {
  return {
    to,
    subject: 'Your email address was changed',
    text: [
      `Your invoice service account now uses ${newEmail}; this address no longer logs in to it.`,
      'Every session but the one that asked was logged out. Your API key was not changed.',
      '',
      'If this was not you, contact the service operator from this address at once.',
    ].join('\n'),
  };
}
