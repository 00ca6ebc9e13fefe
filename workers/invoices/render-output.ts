// The 200 answer of generate-invoice by `output` (spec: POST /api/generate-invoice).
import type { ResolvedInvoice } from '@invoice/model';
import { en16931Issues, renderInvoiceUbl } from '@invoice/ubl';
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { contentDisposition } from '../http/content-disposition.ts';
import { renderPdf } from '../pdf/render-pdf.ts';
import { IMAGE_FIELDS, imageRefusal } from './load-images.ts';
import type { PreparedInvoice } from './prepare-invoice.ts';

/** The header naming the EN 16931 rules the UBL document fails for lack of request data (docs/ubl.md). */
const EN16931_ISSUES_HEADER = 'X-EN16931-Issues';

/**
 * The UBL document and the EN 16931 rules it cannot satisfy (empty when it conforms). Issue 5: a failure
 * inside the writer is 500 ubl_error naming the request id; the cause goes to the log only.
 */
export function writeUbl(resolved: ResolvedInvoice, requestId: string): { xml: string; issues: string[] } {
  try {
    return { xml: renderInvoiceUbl(resolved), issues: en16931Issues(resolved) };
  } catch (err) {
    console.error(
      JSON.stringify({
        level: 'error',
        request_id: requestId,
        msg: 'ubl writing failed',
        error: String((err as Error)?.stack ?? err),
      }),
    );
    throw new ApiError('ubl_error', `The UBL document could not be written (request ${requestId}).`);
  }
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
    case 'ubl': {
      const { xml, issues } = writeUbl(prepared.resolved, c.get('requestId'));
      const headers: Record<string, string> = {
        'Content-Type': 'application/xml; charset=utf-8',
        'Content-Disposition': contentDisposition('attachment', number, 'xml'),
      };
      if (issues.length > 0) headers[EN16931_ISSUES_HEADER] = issues.join(', ');
      return new Response(xml, { headers });
    }
  }
}
