// The invoice as XML (UBL 2.1 or UN/CEFACT CII), for generate-invoice and for hosted links alike
// (spec: POST /api/generate-invoice, GET /api/i/{id}; issue 13): one writer table, one failure
// contract, one X-EN16931-Issues header.

import { ciiEn16931Issues, renderInvoiceCii } from '@invoice/cii';
import type { ResolvedInvoice } from '@invoice/model';
import { en16931Issues, renderInvoiceUbl } from '@invoice/ubl';
import { ApiError } from '../http/api-error.ts';
import { contentDisposition } from '../http/content-disposition.ts';

/** The header naming the EN 16931 rules the UBL or CII document fails for lack of request data (docs/ubl.md, docs/cii.md). */
const EN16931_ISSUES_HEADER = 'X-EN16931-Issues';

export type XmlFormat = 'ubl' | 'cii';

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
export function writeXml(
  format: XmlFormat,
  resolved: ResolvedInvoice,
  requestId: string,
): { xml: string; issues: string[] } {
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

/** Adds X-EN16931-Issues when the document (UBL, CII or the CII inside a Factur-X PDF) is not yet conformant. */
export function withEn16931Issues(headers: Record<string, string>, issues: string[]): Record<string, string> {
  if (issues.length > 0) headers[EN16931_ISSUES_HEADER] = issues.join(', ');
  return headers;
}

/** The 200 answer carrying the document: `attachment` from generate-invoice, `inline` from a hosted link. */
export function xmlDocumentResponse(
  format: XmlFormat,
  resolved: ResolvedInvoice,
  requestId: string,
  disposition: 'attachment' | 'inline',
): Response {
  const { xml, issues } = writeXml(format, resolved, requestId);
  const headers = {
    'Content-Type': 'application/xml; charset=utf-8',
    'Content-Disposition': contentDisposition(disposition, resolved.request.invoice.number, 'xml'),
  };
  return new Response(xml, { headers: withEn16931Issues(headers, issues) });
}
