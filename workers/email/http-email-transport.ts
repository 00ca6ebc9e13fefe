// Production transport: one JSON POST per email to an HTTP email API. The body is the shape of
// Resend's `POST /emails` ({from, to: [..], subject, text}), which several providers accept; the
// provider is chosen by the secrets EMAIL_API_URL, EMAIL_API_KEY (sent as a Bearer token) and EMAIL_FROM.
import { ApiError } from '../http/api-error.ts';
import type { MailTransport, OutgoingEmail } from './mail-transport.ts';

export interface HttpEmailConfig {
  url: string;
  apiKey: string;
  from: string;
}

export function httpEmailTransport(config: HttpEmailConfig, fetcher: typeof fetch = fetch): MailTransport {
  return {
    async send(email: OutgoingEmail) {
      const failed = () => new ApiError('email_error', 'The email could not be sent; try again later.');
      let res: Response;
      try {
        res = await fetcher(config.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${config.apiKey}` },
          body: JSON.stringify({ from: config.from, to: [email.to], subject: email.subject, text: email.text }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (err) {
        // Unreachable or timed out: the provider's failure, not ours (502, like a refusal).
        console.error(
          JSON.stringify({ level: 'error', event: 'email_send_failed', error: (err as Error)?.name ?? 'fetch failed' }),
        );
        throw failed();
      }
      if (!res.ok) {
        // The provider's answer may echo the message (and its link): log the status only.
        console.error(JSON.stringify({ level: 'error', event: 'email_send_failed', status: res.status }));
        throw failed();
      }
    },
  };
}
