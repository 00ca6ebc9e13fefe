// The work of POST /api/validate-invoice, shared with the MCP tool validate_invoice (workers/mcp): the
// request validated and resolved exactly as generate-invoice does it, then the issues of the document its
// output and profile would write, without writing it. D3's anonymous refusals do not apply: nothing is
// produced, so there is nothing to refuse.
import { einvoiceProfileOf, type InvoiceRequest, paymentCodeOf } from '@invoice/model';
import type { Context } from 'hono';
import type { Caller } from '../accounts/caller.ts';
import type { AppEnv } from '../env.ts';
import { modelErrorsAs400, resolveOrThrow } from '../invoices/resolve-or-throw.ts';
import { validateInvoiceInput } from '../invoices/validate-invoice-input.ts';
import { documentIssues, type XmlFormat } from '../invoices/xml-documents.ts';
import { admitValidation } from '../limits/admit-validation.ts';

/** The XML a request's output stands for: itself, the CII inside Factur-X, else the UBL its hosted link opens. */
function documentOf(request: InvoiceRequest): XmlFormat {
  return request.output === 'cii' || request.output === 'facturx' ? 'cii' : 'ubl';
}

export async function runValidation(c: Context<AppEnv>, caller: Caller, body: unknown, now: number) {
  const request = validateInvoiceInput(body, caller, { anonymousRules: false });
  // Counted once the request is valid, like a preview: a body with a mistake in it costs nothing.
  await admitValidation(c.env, caller, now);
  const resolved = resolveOrThrow(request, now);
  // the rules generate applies once the totals are known, payment codes included (issue 23: EPC's 331 bytes)
  modelErrorsAs400(() => paymentCodeOf(resolved));
  const document = documentOf(request);
  // Factur-X is EN 16931 only (E5); otherwise the request's own profile.
  const profile = request.output === 'facturx' ? 'en16931' : einvoiceProfileOf(request);
  const issues = documentIssues(document, resolved, profile, c.get('requestId'));
  return {
    success: true as const,
    valid: issues.length === 0,
    profile,
    output: request.output,
    document,
    issues,
    meta: {
      request_id: c.get('requestId'),
      processing_ms: Math.max(0, Math.round(Date.now() - c.get('startedAt'))),
    },
  };
}
