// The 200 answer of generate-invoice by `output` (spec: POST /api/generate-invoice).
import { renderInvoiceUbl } from '@invoice/ubl';
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { pdfDisposition, renderPdf } from '../pdf/render-pdf.ts';
import type { PreparedInvoice } from './prepare-invoice.ts';

export async function renderOutput(c: Context<AppEnv>, prepared: PreparedInvoice, body: Record<string, unknown>): Promise<Response> {
  const number = prepared.resolved.request.invoice.number;
  switch (prepared.resolved.request.output) {
    case 'json':
      return c.json(body);
    case 'pdf': {
      const { logo, signature } = prepared.images;
      const qr = prepared.qr && { text: prepared.qr.value, caption: prepared.qr.type };
      const bytes = await renderPdf(prepared.resolved, { logo: logo?.bytes, signature: signature?.bytes }, qr, c.get('requestId'));
      return new Response(bytes, { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': pdfDisposition('attachment', number) } });
    }
    case 'ubl': {
      let xml: string;
      try {
        xml = renderInvoiceUbl(prepared.resolved);
      } catch (err) {
        console.error(JSON.stringify({ level: 'error', request_id: c.get('requestId'), msg: 'ubl writing failed', error: String((err as Error)?.stack ?? err) }));
        throw new ApiError(500, 'ubl_error', `The UBL document could not be written (request ${c.get('requestId')}).`);
      }
      const ascii = number.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return new Response(xml, {
        headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Content-Disposition': `attachment; filename="${ascii}.xml"` },
      });
    }
  }
}
