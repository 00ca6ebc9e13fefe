// The 200 answer of generate-invoice by `output` (spec: POST /api/generate-invoice).

import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { contentDisposition } from '../http/content-disposition.ts';
import { renderPdf } from '../pdf/render-pdf.ts';
import { IMAGE_FIELDS, imageRefusal } from './load-images.ts';
import type { PreparedInvoice } from './prepare-invoice.ts';
import { xmlDocumentResponse } from './xml-documents.ts';

export async function renderOutput(
  c: Context<AppEnv>,
  prepared: PreparedInvoice,
  body: Record<string, unknown>,
): Promise<Response> {
  const number = prepared.resolved.request.invoice.number;
  switch (prepared.resolved.request.output) {
    case 'json':
      return c.json(body);
    case 'pdf': {
      const { logo, signature } = prepared.images;
      const qr = prepared.qr && { text: prepared.qr.value, caption: prepared.qr.type };
      const bytes = await renderPdf(
        prepared.resolved,
        { logo: logo?.bytes, signature: signature?.bytes },
        qr,
        c.get('requestId'),
        (err) => imageRefusal(IMAGE_FIELDS[err.slot], prepared.images[err.slot]?.fromUrl ?? false, err.problem),
      );
      return new Response(bytes, {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': contentDisposition('attachment', number, 'pdf'),
        },
      });
    }
    case 'ubl':
    case 'cii':
      return xmlDocumentResponse(prepared.resolved.request.output, prepared.resolved, c.get('requestId'), 'attachment');
  }
}
