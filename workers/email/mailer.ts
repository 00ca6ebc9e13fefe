// One interface for every email the service sends (D6), with two transports:
// the HTTP provider in production and the dev mail sink when DEV_MODE is "true".
import type { Env } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { devMailSink } from './dev-mail-sink.ts';
import { httpEmailTransport } from './http-email-transport.ts';
import type { MailTransport } from './mail-transport.ts';

export function isDevMode(env: Env): boolean {
  return env.DEV_MODE === 'true';
}

/** The transport for this environment; 503 not_provisioned when production has no provider configured. */
export function mailerFor(env: Env): MailTransport {
  if (isDevMode(env)) return devMailSink(env.DB);
  if (!env.EMAIL_API_URL || !env.EMAIL_API_KEY || !env.EMAIL_FROM) {
    throw new ApiError(
      'not_provisioned',
      'Email delivery is not configured (secrets EMAIL_API_URL, EMAIL_API_KEY, EMAIL_FROM).',
    );
  }
  return httpEmailTransport({ url: env.EMAIL_API_URL, apiKey: env.EMAIL_API_KEY, from: env.EMAIL_FROM });
}
