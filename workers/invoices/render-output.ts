// The 200 answer of generate-invoice by `output` (spec: POST /api/generate-invoice).

import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { pdfQr } from '../hosted/qr-choice.ts';
import { contentDisposition } from '../http/content-disposition.ts';
import { renderPdf } from '../pdf/render-pdf.ts';
import { IMAGE_FIELDS, imageRefusal } from './load-images.ts';
import type { PreparedInvoice } from './prepare-invoice.ts';
import { testWatermark } from './test-mode.ts';
import { withDocumentIssues, writeXml, xmlDocumentResponse } from './xml-documents.ts';

/** The invoice's PDF in its template and language; with the CII, the Factur-X hybrid (PDF/A-3b). */
function renderInvoicePdfOf(c: Context<AppEnv>, prepared: PreparedInvoice, facturxXml?: string): Promise<Uint8Array> {
  const { logo, signature } = prepared.images;
  const qr = pdfQr(prepared.qr, prepared.hosted?.hosted_expires_at);
  return renderPdf(
    prepared.resolved,
    { logo: logo?.bytes, signature: signature?.bytes },
    qr,
    c.get('requestId'),
    (err) => imageRefusal(IMAGE_FIELDS[err.slot], prepared.images[err.slot]?.fromUrl ?? false, err.problem),
    { facturxXml, ...testWatermark(prepared.livemode) },
  );
}

export async function renderOutput(
  c: Context<AppEnv>,
  prepared: PreparedInvoice,
  body: Record<string, unknown>,
): Promise<Response> {
  const number = prepared.resolved.request.invoice.number;
  switch (prepared.resolved.request.output) {
    case 'json':
      return c.json(body);
    case 'pdf':
    case 'facturx': {
      // Factur-X: the CII first, so that its failure is 500 cii_error as for output cii, before any PDF work.
      const cii =
        prepared.resolved.request.output === 'facturx'
          ? writeXml('cii', prepared.resolved, c.get('requestId'), 'en16931')
          : undefined;
      const bytes = await renderInvoicePdfOf(c, prepared, cii?.xml);
      const headers = {
        'Content-Type': 'application/pdf',
        'Content-Disposition': contentDisposition('attachment', number, 'pdf'),
      };
      return new Response(bytes, { headers: cii ? withDocumentIssues(headers, cii) : headers });
    }
    case 'ubl':
    case 'cii':
      return xmlDocumentResponse(prepared.resolved.request.output, prepared.resolved, c.get('requestId'), 'attachment');
  }
}
