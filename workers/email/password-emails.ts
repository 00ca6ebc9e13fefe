// The texts of the password emails (issue 24): the reset link, and the notice that the password changed.
import type { OutgoingEmail } from './mail-transport.ts';

export function passwordResetEmail(to: string, link: string): OutgoingEmail {
  return {
    to,
    subject: 'Reset your password',
    text: [
      'Someone asked to reset the password of your invoice service account.',
      '',
      'Open this link within 1 hour to choose a new password (it works once):',
      link,
      '',
      'Resetting the password ends every session of the account and verifies this email address.',
      'Your API key keeps working; rotate it after logging in if you think it leaked.',
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}

export function passwordChangedEmail(to: string, how: 'reset' | 'changed'): OutgoingEmail {
  return {
    to,
    subject: 'Your password was changed',
    text: [
      how === 'reset'
        ? 'The password of your invoice service account was reset with a link sent to this address.'
        : 'The password of your invoice service account was changed by a logged-in session.',
      'Every other session was logged out. Your API key was not changed.',
      '',
      'If this was not you, reset your password now ("Forgot password?" on the log-in page) and rotate your API key.',
    ].join('\n'),
  };
}
