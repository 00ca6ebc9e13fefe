// The text of the verification email (D6; the squatting notice: issue 24).
import type { OutgoingEmail } from './mail-transport.ts';

export function verificationEmail(to: string, link: string): OutgoingEmail {
  return {
    to,
    subject: 'Verify your email address',
    text: [
      'Welcome to the invoice service.',
      '',
      'Open this link within 24 hours to verify your email address:',
      link,
      '',
      'Once verified you can create an API key (POST /api/auth/generate-api-key).',
      '',
      'Whoever chose the password when this account was created controls it until the password is reset.',
      'If you did not sign up yourself, reset the password ("Forgot password?" on the log-in page) to take the',
      'account over, or ignore this email: an address never verified can be registered again after 24 hours.',
    ].join('\n'),
  };
}
