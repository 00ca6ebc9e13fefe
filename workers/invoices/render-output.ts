// The 200 answer of generate-invoice by `output` (spec: POST /api/generate-invoice).

import { ciiEn16931Issues, renderInvoiceCii } from '@invoice/cii';
import type { ResolvedInvoice } from '@invoice/model';
import { en16931Issues, renderInvoiceUbl } from '@invoice/ubl';
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/api-error.ts';
import { contentDisposition } from '../http/content-disposition.ts';
import { renderPdf } from '../pdf/render-pdf.ts';
import { IMAGE_FIELDS, imageRefusal } from './load-images.ts';
import type { PreparedInvoice } from './prepare-invoice.ts';

/** The header naming the EN 16931 rules the UBL or CII document fails for lack of request data (docs/ubl.md, docs/cii.md). */
const EN16931_ISSUES_HEADER = 'X-EN16931-Issues';

type XmlFormat = 'ubl' | 'cii';
const XML_WRITERS: Record<
  XmlFormat,
  { render: (r: ResolvedInvoice) => string; issues: (r: ResolvedInvoice) => string[] }
> = {
  ubl: { render: renderInvoiceUbl, issues: en16931Issues },
  cii: { render: renderInvoiceCii, issues: ciiEn16931Issues },
};

/**
 * The UBL or CII document and the EN 16931 rules it cannot satisfy (empty when it conforms). Issue 5: a
 * failure inside the writer is 500 ubl_error (cii_error) naming the request id; the cause goes to the log only.
 */
function writeXml(format: XmlFormat, resolved: ResolvedInvoice, requestId: string): { xml: string; issues: string[] } {
  try {
    const writer = XML_WRITERS[format];
    return { xml: writer.render(resolved), issues: writer.issues(resolved) };
  } catch (err) {
    console.error(
      JSON.stringify({
        level: 'error',
        request_id: requestId,
        msg: `${format} writing failed`,
        error: String((err as Error)?.stack ?? err),
      }),
    );
    const name = format.toUpperCase();
    throw new ApiError(`${format}_error`, `The ${name} document could not be written (request ${requestId}).`);
  }
}

export const writeUbl = (resolved: ResolvedInvoice, requestId: string) => writeXml('ubl', resolved, requestId);
export const writeCii = (resolved: ResolvedInvoice, requestId: string) => writeXml('cii', resolved, requestId);

/** The invoice's PDF in its template and language; with the CII, the Factur-X hybrid (PDF/A-3b). */
function renderInvoicePdfOf(c: Context<AppEnv>, prepared: PreparedInvoice, facturxXml?: string): Promise<Uint8Array> {
  const { logo, signature } = prepared.images;
  const qr = prepared.qr && { text: prepared.qr.value, caption: prepared.qr.type };
  return renderPdf(
    prepared.resolved,
    { logo: logo?.bytes, signature: signature?.bytes },
    qr,
    c.get('requestId'),
    (err) => imageRefusal(IMAGE_FIELDS[err.slot], prepared.images[err.slot]?.fromUrl ?? false, err.problem),
    { facturxXml },
  );
}

function withIssues(headers: Record<string, string>, issues: string[]): Record<string, string> {
  if (issues.length > 0) headers[EN16931_ISSUES_HEADER] = issues.join(', ');
  return headers;
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
          ? writeXml('cii', prepared.resolved, c.get('requestId'))
          : undefined;
      const bytes = await renderInvoicePdfOf(c, prepared, cii?.xml);
      const headers = {
        'Content-Type': 'application/pdf',
        'Content-Disposition': contentDisposition('attachment', number, 'pdf'),
      };
      return new Response(bytes, { headers: withIssues(headers, cii?.issues ?? []) });
    }
    case 'ubl':
    case 'cii': {
      const format = prepared.resolved.request.output;
      const { xml, issues } = writeXml(format, prepared.resolved, c.get('requestId'));
      const headers = {
        'Content-Type': 'application/xml; charset=utf-8',
        'Content-Disposition': contentDisposition('attachment', number, 'xml'),
      };
      return new Response(xml, { headers: withIssues(headers, issues) });
    }
  }
}
