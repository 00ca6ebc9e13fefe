// create_invoice_batch: POST /api/batch's own work (workers/batch/run-batch.ts). A failing item is a
// result of its own, as in REST; only a refused envelope or a full window is a tool error.
import { requireVerifiedAccount } from '../accounts/resolve-caller.ts';
import { BatchRequestDocSchema, BatchResponseSchema } from '../batch/batch-schemas.ts';
import { runBatch } from '../batch/run-batch.ts';
import type { McpTool } from './mcp-tool.ts';

const EXAMPLE = {
  invoices: [
    { from: { name: 'Acme GmbH' }, to: { name: 'Client A' }, items: [{ description: 'Support', unit_price: 90 }] },
    {
      from: { name: 'Acme GmbH' },
      to: { name: 'Client B' },
      items: [{ description: 'Licence', quantity: 3, unit_price: 40 }],
    },
  ],
};

export const createInvoiceBatch: McpTool = {
  name: 'create_invoice_batch',
  title: 'Create up to 50 invoices',
  description: [
    'Creates 1 to 50 invoices at once, each on its own: `results[i]` holds invoice i’s totals and hosted link, or its own error (code and message naming the field). No document files are returned; each invoice’s hosted link shows its PDF.',
    'Arguments: {"invoices": [...]}, each element a POST /api/generate-invoice request body.',
    'Cost: 1 call and 1 document per invoice; when a window fills up mid-batch, the rest fail with rate_limit_* and `meta.rate_limited` is true.',
    `Example arguments: ${JSON.stringify(EXAMPLE)}`,
  ].join('\n'),
  input: BatchRequestDocSchema,
  runValidatesArguments: true,
  output: BatchResponseSchema,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async run({ c, caller, now }, args) {
    requireVerifiedAccount(caller);
    const { body } = await runBatch(c, caller, args, now);
    const failed = body.results.filter((r) => !r.success).map((r) => r.index);
    const summary = [
      `${body.meta.generated} of ${body.meta.requested} invoices created.`,
      failed.length ? `Failed items (see results[i].error): ${failed.join(', ')}.` : '',
      body.meta.rate_limited ? 'Some items were refused because a rate window is full.' : '',
    ]
      .filter(Boolean)
      .join(' ');
    return { structured: body, summary };
  },
};
