// validate_invoice: POST /api/validate-invoice's own work (workers/validate/run-validation.ts): whether the
// e-invoice a request describes passes the validators of its profile, and what to add where it does not.
import { InvoiceRequestSchema } from '@invoice/model';
import { requireVerifiedAccount } from '../accounts/resolve-caller.ts';
import { runValidation } from '../validate/run-validation.ts';
import { ValidateInvoiceResponseSchema } from '../validate/validate-operations.ts';
import type { McpTool } from './mcp-tool.ts';

/** A German invoice to a public buyer that passes XRechnung 3.0 (test/e2e/mcp-server.test.ts runs it). */
const VALIDATE_EXAMPLE = {
  from: {
    name: 'Acme GmbH',
    street: 'Hauptstr. 1',
    postal_code: '10115',
    city: 'Berlin',
    country: 'DE',
    tax_id: 'DE123456789',
    contact_name: 'Erika Muster',
    phone: '+49 30 123456',
    email: 'billing@acme.example',
  },
  to: {
    name: 'Stadt Musterhausen',
    street: 'Rathausplatz 1',
    postal_code: '12345',
    city: 'Musterhausen',
    country: 'DE',
    electronic_address: { scheme: 'EM', id: 'rechnung@musterhausen.example' },
  },
  invoice: { currency: 'EUR', date: '2026-03-02', due_date: '2026-04-01', buyer_reference: '04011000-12345-34' },
  items: [{ description: 'Consulting', quantity: 2, unit_price: 150 }],
  global_tax: 19,
  payment: { iban: 'DE89370400440532013000' },
  output: 'ubl',
  einvoice_profile: 'xrechnung',
};

export const validateInvoiceTool: McpTool = {
  name: 'validate_invoice',
  title: 'Check an e-invoice before creating it',
  description: [
    'Checks whether the UBL or CII document create_invoice would write for these arguments passes the validators of its `einvoice_profile` (en16931, peppol for Peppol BIS Billing 3.0, xrechnung for XRechnung 3.0). Returns `valid` and `issues`: each a rule id the validators would report and the argument field that fixes it (e.g. `invoice.buyer_reference`, `to.electronic_address`).',
    'Arguments: the POST /api/generate-invoice request body. Nothing is created.',
    'Cost: no call of the plan windows and no document; at most 600 checks an hour.',
    `Example arguments: ${JSON.stringify(VALIDATE_EXAMPLE)}`,
  ].join('\n'),
  input: InvoiceRequestSchema,
  runValidatesArguments: true,
  output: ValidateInvoiceResponseSchema,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run({ c, caller, now }, args) {
    requireVerifiedAccount(caller);
    const structured = await runValidation(c, caller, args, now);
    const summary = structured.valid
      ? `The ${structured.profile} ${structured.document.toUpperCase()} document passes: no issue.`
      : `The ${structured.profile} ${structured.document.toUpperCase()} document would fail ${structured.issues.length} rule(s): ${structured.issues.map((i) => `${i.rule} (${i.path})`).join(', ')}.`;
    return { structured, summary };
  },
};
