// list_documents (issue 26): the account's documents with a hosted link, newest first, as GET /api/documents
// answers them (decision H20), so an agent can find an invoice it made and its link.
import { z } from 'zod';
import { documentPage } from '../documents/document-list.ts';
import { DocumentSchema, PAGE_DEFAULT, PAGE_MAX } from '../documents/document-operations.ts';
import { parseWithSchema } from '../http/read-json-body.ts';
import type { McpTool } from './mcp-tool.ts';

const ListDocumentsInput = z.strictObject({
  number: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .meta({ description: 'A prefix of the invoice number, case-insensitive.' }),
  livemode: z.boolean().optional().meta({ description: 'true: live documents only; false: test-mode only.' }),
  limit: z.int().min(1).max(PAGE_MAX).default(PAGE_DEFAULT),
  cursor: z.string().optional().meta({ description: "The previous answer's next_cursor." }),
});

const DocumentPageSchema = z
  .object({ documents: z.array(DocumentSchema), next_cursor: z.string().nullable() })
  .meta({ id: 'McpDocumentPage' });

export const listDocuments: McpTool = {
  name: 'list_documents',
  title: 'List generated documents',
  description: [
    'Lists the documents this account generated with a hosted link (until the link expires, 7 days), newest first: number, type, output, currency, grand total, hosted_url, whether the link was revoked. Filter by a number prefix; page with next_cursor.',
    'Cost: nothing; it does not count against any window.',
    'Example arguments: {"number": "INV-", "limit": 10}',
  ].join('\n'),
  input: ListDocumentsInput,
  output: DocumentPageSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run({ c, caller }, args) {
    const query = parseWithSchema(args, ListDocumentsInput);
    const page = await documentPage(c, caller.accountId, query);
    const numbers = page.documents.map((d) => d.number).join(', ');
    const summary = page.documents.length
      ? `${page.documents.length} document(s): ${numbers}${page.next_cursor ? '; more with next_cursor' : ''}.`
      : 'No documents.';
    return { structured: page, summary };
  },
};
