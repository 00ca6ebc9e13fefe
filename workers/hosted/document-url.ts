// E4: an answer in JSON names the document its `output` asked for through the hosted link, opened with
// `format` set (GET /api/i/{id}?t=…&format=pdf|ubl|cii|facturx). Batch items and the MCP create_invoice use it.
import type { InvoiceRequest } from '@invoice/model';

/** Absent for `json` and when there is no hosted link. */
export function documentUrl(hostedUrl: string | undefined, output: InvoiceRequest['output']): string | undefined {
  if (!hostedUrl || output === 'json') return undefined;
  return `${hostedUrl}&format=${output}`;
}
