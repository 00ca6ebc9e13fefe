// GET /api/i/{id}?t=…&format=pdf|json|ubl|cii|facturx (spec; D9; issue 13, E4): public, authenticated by the signature alone.
// Every failure to find a live link — malformed id, wrong or missing signature, unknown id,
// expired, revoked — is the same 404, so a probe learns nothing about which ids exist. A browser gets it
// as one page in the recipient's terms (issue 26, H22), the same bytes for every cause.
import { einvoiceProfileOf, profileCarries } from '@invoice/model';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { contentDisposition } from '../http/content-disposition.ts';
import { mountOperations } from '../http/mount-operations.ts';
import { readQuery } from '../http/read-query.ts';
import { withDocumentIssues, writeXml, xmlDocumentResponse } from '../invoices/xml-documents.ts';
import { linkGonePage } from '../web/link-gone-page.tsx';
import { admitHostedOpen } from './hosted-open-limit.ts';
import { getHostedInvoice } from './hosted-operations.ts';
import { hostedPdfCache } from './hosted-pdf-cache.ts';
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

/** The one 404 of a link that does not open: a page for a browser, else the API's JSON error. */
async function linkNotFound(c: Context<AppEnv>): Promise<Response> {
  if (!(c.req.header('Accept') ?? '').includes('text/html')) throw new ApiError('not_found', NOT_FOUND_MESSAGE);
  return privacyHeaders(await linkGonePage());
}

mountOperations(hostedRoutes, [
  [
    getHostedInvoice,
    async (c) => {
      await admitHostedOpen(c, Date.now());
      const params = getHostedInvoice.params.safeParse(c.req.param());
      if (!params.success) return linkNotFound(c);
      const { format, t } = readQuery(c, getHostedInvoice.query);
      const snap = await loadSnapshot(c.env, params.data.id, t, Date.now());
      if (!snap) return linkNotFound(c);

      const rendered = resolveSnapshot(snap);
      if (format === 'json') {
        const meta = {
          request_id: c.get('requestId'),
          processing_ms: Math.max(0, Math.round(Date.now() - c.get('startedAt'))),
        };
        return privacyHeaders(c.json(snapshotJsonBody(snap, rendered, meta)));
      }
      // XML is written in well under a millisecond (bench: cii-20-lines), so it is not cached like the PDF.
      if (format === 'ubl' || format === 'cii') {
        // The invoice's own e-invoice profile (issue 22); Peppol has no CII syntax.
        const profile = einvoiceProfileOf(rendered.resolved.request);
        if (!profileCarries(profile, format))
          throw ApiError.field(
            'validation_error',
            'format',
            'conflict',
            `this invoice is a ${profile} e-invoice, which is written as UBL only: open it with format=ubl`,
          );
        return privacyHeaders(xmlDocumentResponse(format, rendered.resolved, c.get('requestId'), 'inline'));
      }
      // Factur-X (E4): the CII first, so that its failure is 500 cii_error as for output facturx. Factur-X is
      // EN 16931 whatever profile the invoice's UBL and CII have (decision E5).
      const cii = format === 'facturx' ? writeXml('cii', rendered.resolved, c.get('requestId'), 'en16931') : undefined;
      const cache = hostedPdfCache(
        c.env,
        snap,
        format,
        new URL(c.req.url).origin,
        (w) => c.executionCtx.waitUntil(w),
        Date.now(),
      );
      const pdf = (await cache.read()) ?? (await renderSnapshotPdf(snap, rendered, c.get('requestId'), cii?.xml));
      // Whichever level missed gets the bytes, after the answer and best-effort (H18): a burst of first opens
      // renders a few times and never fails.
      cache.keep(pdf);
      const pdfHeaders = {
        'Content-Type': 'application/pdf',
        'Content-Disposition': contentDisposition('inline', rendered.invoice.number, 'pdf'),
        'Content-Length': String(pdf.byteLength),
      };
      const headers = cii ? withDocumentIssues(pdfHeaders, cii) : pdfHeaders;
      return privacyHeaders(new Response(pdf, { status: 200, headers }));
    },
  ],
]);
