// POST /api/generate-invoice and POST /api/batch: the two calls that create documents. Both always send
// an Idempotency-Key, so a retry (the SDK's own or the caller's with the same key) is replayed by the
// service instead of producing a second invoice. POST /api/validate-invoice: the free dry run (issue 22).
import { type ApiClient, type CreateOptions, decodeBody } from './api-transport.ts';
import type {
  BatchRequest,
  BatchResponse,
  GenerateResult,
  InvoiceOutput,
  InvoiceRequest,
  ValidateInvoiceResponse,
} from './contract-types.ts';

export class InvoicesResource {
  constructor(
    private readonly api: ApiClient,
    private readonly auth: () => Record<string, string>,
  ) {}

  /**
   * One invoice. Resolves by `output`: the JSON answer with the totals (`json`, the default), the PDF
   * bytes (`pdf`, `facturx`), or the XML text (`ubl`, `cii`).
   */
  async generate<O extends InvoiceOutput = 'json'>(
    request: InvoiceRequest & { output?: O },
    options: CreateOptions = {},
  ): Promise<GenerateResult<O>> {
    const { data, response } = await this.api.POST('/api/generate-invoice', {
      body: request,
      params: { header: { 'Idempotency-Key': options.idempotencyKey ?? crypto.randomUUID() } },
      headers: this.auth(),
      parseAs: 'arrayBuffer',
      signal: options.signal,
    });
    return decodeBody(response, data as ArrayBuffer) as GenerateResult<O>;
  }

  /** Up to 50 invoices, each on its own: a failing item is reported in `results`, the call itself succeeds. */
  async batch(request: BatchRequest, options: CreateOptions = {}): Promise<BatchResponse> {
    const { data } = await this.api.POST('/api/batch', {
      body: request,
      params: { header: { 'Idempotency-Key': options.idempotencyKey ?? crypto.randomUUID() } },
      headers: this.auth(),
      signal: options.signal,
    });
    return data as BatchResponse;
  }

  /**
   * Whether the UBL or CII document `generate` would write for this request passes the validators of its
   * `einvoice_profile`, and if not, which rules fail and which field fixes each. Produces nothing and
   * spends no quota; works without an API key too (fewer per hour).
   */
  async validate(request: InvoiceRequest, options: { signal?: AbortSignal } = {}): Promise<ValidateInvoiceResponse> {
    const { data } = await this.api.POST('/api/validate-invoice', {
      body: request,
      headers: this.auth(),
      signal: options.signal,
    });
    return data as ValidateInvoiceResponse;
  }
}
