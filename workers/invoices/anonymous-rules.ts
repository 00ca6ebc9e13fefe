import { ApiError } from '../http/api-error.ts';

/**
 * D3 / Authentication rule 1: an anonymous caller gets JSON totals only. Checked on the normalised
 * input so the answer is 403 auth_required whatever else is wrong with the body.
 */
export function assertAnonymousAllowed(input: unknown): void {
  if (!input || typeof input !== 'object') return;
  const body = input as { output?: unknown; features?: { hosted_link?: unknown; qr?: unknown } };
  if (body.output === 'pdf' || body.output === 'ubl' || body.output === 'cii' || body.output === 'facturx')
    throw ApiError.field(
      'auth_required',
      'output',
      'requires_account',
      `"${body.output}" needs an API key or a session; anonymous calls get JSON totals only`,
      { status: 403 },
    );
  if (body.features?.hosted_link === true)
    throw ApiError.field(
      'auth_required',
      'features.hosted_link',
      'requires_account',
      'hosted links need an API key or a session; anonymous calls get JSON totals only',
      { status: 403 },
    );
  if (body.features?.qr === true)
    throw ApiError.field(
      'auth_required',
      'features.qr',
      'requires_account',
      'QR codes need an API key or a session; anonymous calls get JSON totals only',
      { status: 403 },
    );
}
