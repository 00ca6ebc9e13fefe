// calculate_invoice and create_invoice: the generate-invoice request body as arguments, run through the
// REST route's own pipeline (workers/invoices/run-generate.ts), so validation, D7 counting, hosted
// links and webhook events are the same. PDFs are not put into the model's context (docs/decisions.md, M3).
import {
  EINVOICE_PROFILES,
  InvoiceRequestSchema,
  type InvoiceResponse,
  InvoiceResponseSchema,
  isPlainObject,
} from '@invoice/model';
import { z } from 'zod';
import { livemodeOf } from '../accounts/caller.ts';
import { requireVerifiedAccount } from '../accounts/resolve-caller.ts';
import { documentUrl } from '../hosted/document-url.ts';
import { ApiError } from '../http/api-error.ts';
import { MeteredMetaSchema } from '../http/response-schemas.ts';
import { EInvoiceIssueSchema, issueIds } from '../invoices/einvoice-issue-schema.ts';
import { InvoiceJsonResponseSchema } from '../invoices/invoice-operations.ts';
import { runGenerate } from '../invoices/run-generate.ts';
import { writeXml, type XmlFormat } from '../invoices/xml-documents.ts';
import type { McpTool } from './mcp-tool.ts';
import { meteredMeta, usageNote } from './tool-meta.ts';

/** Also in docs/mcp.md; the e2e test calls every tool with the example its description gives. */
const EXAMPLE = {
  from: { name: 'Acme GmbH' },
  to: { name: 'Client Ltd' },
  invoice: { currency: 'EUR' },
  items: [{ description: 'Consulting', quantity: 2, unit_price: 150 }],
  global_tax: 19,
};

/** The XML outputs, whose text is returned; any other non-JSON output is delivered by its hosted link. */
const XML_FORMATS: readonly string[] = ['ubl', 'cii'] satisfies XmlFormat[];
const isXml = (output: string): output is XmlFormat => XML_FORMATS.includes(output);

const totalsLine = (invoice: InvoiceResponse) =>
  `Invoice ${invoice.number}: grand total ${invoice.grand_total} ${invoice.currency}, balance due ${invoice.balance_due} (${invoice.status}).`;

/** Totals only: JSON output and no hosted link, whatever the arguments say. */
function totalsOnly(args: Record<string, unknown>): Record<string, unknown> {
  const features = args.features;
  // A features value that is no object is left alone, so validation names it.
  if (features !== undefined && !isPlainObject(features)) return { ...args, output: 'json' };
  return { ...args, output: 'json', features: { ...features, hosted_link: false } };
}

export const calculateInvoice: McpTool = {
  name: 'calculate_invoice',
  title: 'Calculate invoice totals',
  description: [
    'Computes an invoice exactly (line amounts, discounts, tax groups, rounding, grand total, balance due) and returns the totals as JSON. Nothing is stored: no hosted link, no document file.',
    'Arguments: the POST /api/generate-invoice request body (from, to, items required; amounts in the currency’s major units, percentages as numbers). `output` and `features.hosted_link` are ignored.',
    'Cost: 1 call in the hourly and weekly windows and 1 document of the monthly quota, like a JSON generate-invoice call; a rejected invoice costs the call only.',
    `Example arguments: ${JSON.stringify(EXAMPLE)}`,
  ].join('\n'),
  input: InvoiceRequestSchema,
  runValidatesArguments: true,
  output: InvoiceJsonResponseSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async run({ c, caller, now }, args) {
    requireVerifiedAccount(caller);
    const body = totalsOnly(args);
    return runGenerate(
      c,
      caller,
      () => body,
      now,
      async (prepared, grant) => ({
        structured: {
          success: true,
          invoice: prepared.invoice,
          meta: meteredMeta(c, grant),
          anonymous: false,
          livemode: livemodeOf(caller),
        },
        summary: `${totalsLine(prepared.invoice)} ${usageNote(grant)}`,
      }),
    );
  },
};

const CreateInvoiceResultSchema = z
  .object({
    success: z.literal(true),
    output: z.string().meta({ description: 'The `output` the invoice was made for.' }),
    invoice: InvoiceResponseSchema,
    document_url: z.string().optional().meta({
      description:
        'The hosted link opening as the document `output` asked for (`hosted_url` with `&format=`); absent for json.',
    }),
    document: z
      .object({
        format: z.string().meta({ description: '`ubl` or `cii`.' }),
        media_type: z.literal('application/xml'),
        text: z.string().meta({ description: 'The XML document.' }),
        profile: z.enum(EINVOICE_PROFILES).meta({ description: 'The e-invoice profile the document is written in.' }),
        issues: z.array(EInvoiceIssueSchema).meta({
          description:
            'The fatal rules of that profile’s validators (EN 16931’s included) the document fails for lack of request data, each with the field that fixes it (docs/einvoice-profiles.md); empty when it conforms.',
        }),
        en16931_issues: z.array(z.string()).meta({
          description: 'The rule ids of `issues` (kept for clients of the earlier field).',
        }),
      })
      .optional()
      .meta({ description: 'XML outputs only. A PDF is not returned: open `document_url`.' }),
    meta: MeteredMetaSchema,
  })
  .meta({ id: 'McpCreateInvoiceResult' });

export const createInvoice: McpTool = {
  name: 'create_invoice',
  title: 'Create an invoice document',
  description: [
    'Creates an invoice and returns its totals and its hosted link (`invoice.hosted_url`, valid 7 days, opens the PDF). With output "ubl" or "cii" the XML e-invoice text is returned too; with output "pdf" or "facturx" the PDF is not returned: share or open `document_url` instead. With output "json" (the default) you get totals and the link.',
    'Arguments: the POST /api/generate-invoice request body (from, to, items required; `output` picks the format; list_options names every value).',
    'Cost: 1 call in the hourly and weekly windows and 1 document of the monthly quota (a PDF also counts against a plan’s PDF share); a rejected invoice costs the call only.',
    `Example arguments: ${JSON.stringify({ ...EXAMPLE, output: 'ubl' })}`,
  ].join('\n'),
  input: InvoiceRequestSchema,
  runValidatesArguments: true,
  output: CreateInvoiceResultSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async run({ c, caller, now }, args) {
    requireVerifiedAccount(caller);
    return runGenerate(
      c,
      caller,
      () => args,
      now,
      async (prepared, grant) => {
        const output = prepared.resolved.request.output;
        if (output !== 'json' && !isXml(output) && !prepared.hosted)
          throw ApiError.field(
            'validation_error',
            'features.hosted_link',
            'conflict',
            `must not be false when output is ${output}: over MCP the ${output} document is delivered by its hosted link`,
          );
        const xml = isXml(output) ? writeXml(output, prepared.resolved, c.get('requestId')) : undefined;
        const invoice = prepared.invoice;
        const document_url = documentUrl(invoice.hosted_url, output);
        const parts = [totalsLine(invoice)];
        if (document_url && !xml) parts.push(`The ${output} document opens at ${document_url}`);
        else if (invoice.hosted_url) parts.push(`Hosted link: ${invoice.hosted_url}`);
        if (xml)
          parts.push(
            `${output.toUpperCase()} document returned (${xml.xml.length} characters, profile ${xml.profile})${xml.issues.length ? `; rules not yet met: ${issueIds(xml.issues).join(', ')}` : ''}.`,
          );
        parts.push(usageNote(grant));
        return {
          structured: {
            success: true,
            output,
            invoice,
            ...(document_url && { document_url }),
            ...(xml && {
              document: {
                format: output,
                media_type: 'application/xml',
                text: xml.xml,
                profile: xml.profile,
                issues: xml.issues,
                en16931_issues: issueIds(xml.issues),
              },
            }),
            meta: meteredMeta(c, grant),
          },
          summary: parts.join(' '),
        };
      },
    );
  },
};
