// list_options reads the closed value sets from the request schema (workers/mcp/request-enums.ts), so a
// value added to the model is listed without a change in the MCP code (issue 14).
import { InvoiceRequestSchema } from '@invoice/model';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toolJsonSchema } from '../../workers/mcp/mcp-tool.ts';
import { enumFields } from '../../workers/mcp/request-enums.ts';

describe('enum fields of a request schema, by path', () => {
  it('nested objects, arrays, shared ids ($defs), optional and nullable values, defaults', () => {
    const Kind = z.enum(['a', 'b']).meta({ id: 'TestKind' });
    const schema = z.object({
      output: z.enum(['json', 'pdf', 'facturx']).default('json'),
      meta: z.object({ type: z.enum(['invoice', 'credit_note']).default('invoice') }).optional(),
      lines: z.array(z.object({ kind: Kind, other: Kind.nullable() })),
      free_text: z.string(),
    });
    expect(enumFields(toolJsonSchema(schema, 'input'))).toEqual({
      output: { values: ['json', 'pdf', 'facturx'], default: 'json' },
      'meta.type': { values: ['invoice', 'credit_note'], default: 'invoice' },
      'lines[].kind': { values: ['a', 'b'] },
      'lines[].other': { values: ['a', 'b'] },
    });
  });

  it('the generate-invoice request: every enum the model declares, with the defaults it applies', () => {
    const fields = enumFields(toolJsonSchema(InvoiceRequestSchema, 'input'));
    const parsed = InvoiceRequestSchema.parse({
      from: { name: 'A' },
      to: { name: 'B' },
      items: [{ description: 'x' }],
    });
    expect(fields.output.default).toBe(parsed.output);
    expect(fields.template.default).toBe(parsed.template);
    expect(fields['invoice.currency'].default).toBe(parsed.invoice.currency);
    expect(fields['invoice.language'].default).toBe(parsed.invoice.language);
    expect(fields['items[].discount_type'].values).toEqual(
      InvoiceRequestSchema.shape.global_discount_type.unwrap().options,
    );
    expect(fields['payment.qr.type'].values.length).toBeGreaterThan(0);
  });
});
