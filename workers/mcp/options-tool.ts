// list_options: the values the request accepts, read from the generate-invoice request schema (the
// model package's registries of templates, languages, currencies and outputs), never from a list here.
import { InvoiceRequestSchema } from '@invoice/model';
import { z } from 'zod';
import type { McpTool } from './mcp-tool.ts';
import { toolJsonSchema } from './mcp-tool.ts';
import { type EnumField, enumFields } from './request-enums.ts';

const EnumFieldSchema = z.object({ values: z.array(z.string()), default: z.string().optional() });

const OptionsResultSchema = z
  .object({
    templates: z.array(z.string()).meta({ description: 'Values of `template`.' }),
    languages: z.array(z.string()).meta({ description: 'Values of `invoice.language`.' }),
    currencies: z
      .array(z.string())
      .meta({ description: 'Values of `invoice.currency`: every active ISO 4217 code, the spec’s 21 first (C-ISO).' }),
    outputs: z.array(z.string()).meta({ description: 'Values of `output`.' }),
    fields: z
      .record(z.string(), EnumFieldSchema)
      .meta({ description: 'Every field with a closed set of values, by path, with its default.' }),
  })
  .meta({ id: 'McpOptions' });

/** Computed once per isolate: the schema does not change while it runs. */
let cached: Record<string, EnumField> | undefined;
const requestEnums = () => {
  cached ??= enumFields(toolJsonSchema(InvoiceRequestSchema, 'input'));
  return cached;
};

export const listOptions: McpTool = {
  name: 'list_options',
  title: 'List accepted values',
  description: [
    'Lists the values an invoice request accepts: templates, languages, currencies, outputs, and every other field with a fixed set of values (with its default). Use it before calculate_invoice or create_invoice to pick valid values.',
    'Cost: nothing; it does not count against any window.',
    'Example arguments: {}',
  ].join('\n'),
  input: z.strictObject({}),
  output: OptionsResultSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run() {
    const fields = requestEnums();
    const values = (path: string) => fields[path]?.values ?? [];
    const structured = {
      templates: values('template'),
      languages: values('invoice.language'),
      currencies: values('invoice.currency'),
      outputs: values('output'),
      fields,
    };
    const summary = `Outputs: ${structured.outputs.join(', ')}. Templates: ${structured.templates.join(', ')}. Languages: ${structured.languages.join(', ')}. Currencies: ${structured.currencies.join(', ')}. Every other field with fixed values is under "fields".`;
    return { structured, summary };
  },
};
