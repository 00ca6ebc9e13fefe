// The invoice as XML (UBL 2.1 or UN/CEFACT CII), for generate-invoice and for hosted links alike
// (spec: POST /api/generate-invoice, GET /api/i/{id}; issue 13): one writer table, one failure
// contract, one X-EN16931-Issues header.

import { ciiEInvoiceIssues, renderInvoiceCii } from '@invoice/cii';
import { type EInvoiceProfile, einvoiceProfileOf, type ResolvedInvoice } from '@invoice/model';
import { type EInvoiceIssue, renderInvoiceUbl, ublEInvoiceIssues } from '@invoice/ubl';
import { ApiError } from '../http/api-error.ts';
import { contentDisposition } from '../http/content-disposition.ts';
import { issueIds } from './einvoice-issue-schema.ts';

/** EN 16931 (the default profile): the CEN rules the document fails for lack of request data (docs/ubl.md, docs/cii.md). */
const EN16931_ISSUES_HEADER = 'X-EN16931-Issues';
/** Under Peppol or XRechnung: the fatal rules of that profile's validators, EN 16931's included (docs/einvoice-profiles.md). */
const EINVOICE_ISSUES_HEADER = 'X-EInvoice-Issues';

export type XmlFormat = 'ubl' | 'cii';

const XML_WRITERS: Record<
  XmlFormat,
  {
    render: (r: ResolvedInvoice, profile: EInvoiceProfile) => string;
    issues: (r: ResolvedInvoice, profile: EInvoiceProfile) => EInvoiceIssue[];
  }
> = {
  ubl: { render: (r, profile) => renderInvoiceUbl(r, { profile }), issues: ublEInvoiceIssues },
  cii: { render: (r, profile) => renderInvoiceCii(r, { profile }), issues: ciiEInvoiceIssues },
};

export interface XmlDocument {
  xml: string;
  profile: EInvoiceProfile;
  /** The fatal rules the document fails for lack of request data: empty when it conforms. */
  issues: EInvoiceIssue[];
}

/**
 * The UBL or CII document in the request's e-invoice profile (`en16931` for the CII inside Factur-X, which is
 * EN 16931 only) and the rules it cannot satisfy. Issue 5: a failure inside the writer is 500 ubl_error
 * (cii_error) naming the request id; the cause goes to the log only.
 */
export function writeXml(
  format: XmlFormat,
  resolved: ResolvedInvoice,
  requestId: string,
  profile: EInvoiceProfile = einvoiceProfileOf(resolved.request),
): XmlDocument {
  try {
    const writer = XML_WRITERS[format];
    return { xml: writer.render(resolved, profile), profile, issues: writer.issues(resolved, profile) };
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

/** The issues alone, for the dry run of POST /api/validate-invoice: the same rules the document's header names. */
export function documentIssues(
  format: XmlFormat,
  resolved: ResolvedInvoice,
  profile: EInvoiceProfile,
  requestId: string,
): EInvoiceIssue[] {
  try {
    return XML_WRITERS[format].issues(resolved, profile);
  } catch (err) {
    console.error(
      JSON.stringify({ level: 'error', request_id: requestId, msg: 'issue check failed', error: String(err) }),
    );
    throw new ApiError('internal_error', `Internal server error (request ${requestId})`);
  }
}

/**
 * Names the rules a document is not yet conformant to: X-EN16931-Issues under the default profile (as before
 * issue 22), X-EInvoice-Issues under Peppol or XRechnung; absent when there are none.
 */
export function withDocumentIssues(headers: Record<string, string>, doc: Pick<XmlDocument, 'profile' | 'issues'>) {
  if (doc.issues.length === 0) return headers;
  const name = doc.profile === 'en16931' ? EN16931_ISSUES_HEADER : EINVOICE_ISSUES_HEADER;
  headers[name] = issueIds(doc.issues).join(', ');
  return headers;
}

/** The 200 answer carrying the document: `attachment` from generate-invoice, `inline` from a hosted link. */
export function xmlDocumentResponse(
  format: XmlFormat,
  resolved: ResolvedInvoice,
  requestId: string,
  disposition: 'attachment' | 'inline',
): Response {
  const doc = writeXml(format, resolved, requestId);
  const headers = {
    'Content-Type': 'application/xml; charset=utf-8',
    'Content-Disposition': contentDisposition(disposition, resolved.request.invoice.number, 'xml'),
  };
  return new Response(doc.xml, { headers: withDocumentIssues(headers, doc) });
}
