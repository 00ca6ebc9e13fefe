// GET /api/i/{id}?t=…&format=pdf|json (spec; D9): public, authenticated by the signature alone.
// Every failure to find a live link — malformed id, wrong or missing signature, unknown id,
// expired — is the same 404, so a probe learns nothing about which ids exist.
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { contentDisposition } from '../http/content-disposition.ts';
import { resolveSnapshot, snapshotJsonBody } from './render-snapshot.ts';
import { renderSnapshotPdf } from './render-snapshot-pdf.ts';
import { loadSnapshot } from './snapshot-store.ts';

export const hostedRoutes = new Hono<AppEnv>();

const NOT_FOUND_MESSAGE = 'Hosted invoice not found: the link is invalid or has expired (links are valid for 7 days)';

/** Headers every hosted answer carries: the signed URL must not leak through Referer or shared caches. */
function privacyHeaders(res: Response): Response {
  res.headers.set('Cache-Control', 'private, no-store');
  res.headers.set('Referrer-Policy', 'no-referrer');
  res.headers.set('X-Content-Type-Options', 'nosniff');
  return res;
}

hostedRoutes.get('/:id', async (c: Context<AppEnv>) => {
  const format = c.req.query('format') ?? 'pdf';
  if (format !== 'pdf' && format !== 'json') {
    throw new ApiError('validation_error', `format: must be pdf or json (got ${JSON.stringify(format)})`);
  }
  const snap = await loadSnapshot(c.env, c.req.param('id') ?? '', c.req.query('t'), Date.now());
  if (!snap) throw new ApiError('not_found', NOT_FOUND_MESSAGE);

  const rendered = resolveSnapshot(snap);
  if (format === 'json') {
    const meta = { request_id: c.get('requestId'), processing_ms: Math.max(0, Math.round(Date.now() - c.get('startedAt'))) };
    return privacyHeaders(c.json(snapshotJsonBody(rendered, meta)));
  }
  const pdf = await renderSnapshotPdf(snap, rendered, c.get('requestId'));
  return privacyHeaders(
    new Response(pdf, {
      status: 200,
      headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': contentDisposition('inline', rendered.invoice.number, 'pdf'), 'Content-Length': String(pdf.byteLength) },
    }),
  );
});

hostedRoutes.all('/:id', (c) => {
  throw new ApiError('method_not_allowed', `${c.req.method} is not allowed on /api/i/{id}; use GET`, { headers: { Allow: 'GET' } });
});
