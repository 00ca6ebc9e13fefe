// The text of the verification email.
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
      'If you did not create an account, ignore this email.',
    ].join('\n'),
  };
}
