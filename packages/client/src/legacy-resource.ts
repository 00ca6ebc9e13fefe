// POST /api/render, the legacy interface (D11, docs/legacy.md): the raw key in Authorization (no
// Bearer), its own credits, and its own error body, which InvoiceApiError reads too (`INSUFFICIENT_CREDITS`…).
import type { ApiClient, CallOptions } from './api-transport.ts';
import { base64ToBytes } from './base64.ts';
import type { LegacyRenderRequest, LegacyRenderResponse } from './contract-types.ts';

/** The answer as sent, plus its base64 `pdf` decoded. */
export type LegacyRenderResult = LegacyRenderResponse & { pdfBytes: Uint8Array };

export class LegacyResource {
  constructor(
    private readonly api: ApiClient,
    private readonly apiKey: string | undefined,
  ) {}

  /** One PDF from the flat legacy request; uses one credit. Never retried: the route takes no Idempotency-Key. */
  async render(request: LegacyRenderRequest, options: CallOptions = {}): Promise<LegacyRenderResult> {
    const { data } = await this.api.POST('/api/render', {
      body: request,
      headers: this.apiKey ? { Authorization: this.apiKey } : {},
      signal: options.signal,
    });
    const body = data as LegacyRenderResponse;
    return { ...body, pdfBytes: base64ToBytes(body.pdf) };
  }
}
