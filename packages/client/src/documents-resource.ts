// /api/documents…: the account's documents with a hosted link, one of them, and revoking its link
// (docs/documents.md). Answers are the contract's bodies as they are.
import type { ApiClient, CallOptions } from './api-transport.ts';
import type { DocumentListResponse, DocumentResponse, DocumentsQuery } from './contract-types.ts';

/** `livemode` as a boolean here; the query string carries `true` or `false`. */
export type DocumentListOptions = Omit<DocumentsQuery, 'livemode'> & { livemode?: boolean };

export class DocumentsResource {
  constructor(
    private readonly api: ApiClient,
    private readonly auth: () => Record<string, string>,
  ) {}

  /** Newest first; `number` is a prefix; pass `next_cursor` back as `cursor` for the next page. */
  async list(query: DocumentListOptions = {}, options: CallOptions = {}): Promise<DocumentListResponse> {
    const { livemode, ...rest } = query;
    const { data } = await this.api.GET('/api/documents', {
      params: { query: { ...rest, ...(livemode === undefined ? {} : { livemode: livemode ? 'true' : 'false' }) } },
      headers: this.auth(),
      signal: options.signal,
    });
    return data as DocumentListResponse;
  }

  async get(id: string, options: CallOptions = {}): Promise<DocumentResponse> {
    const { data } = await this.api.GET('/api/documents/{id}', {
      params: { path: { id } },
      headers: this.auth(),
      signal: options.signal,
    });
    return data as DocumentResponse;
  }

  /** The link answers 404 from its next open (within about 60 s in every location); the document stays listed, revoked. */
  async revoke(id: string, options: CallOptions = {}): Promise<DocumentResponse> {
    const { data } = await this.api.DELETE('/api/documents/{id}', {
      params: { path: { id } },
      headers: this.auth(),
      signal: options.signal,
    });
    return data as DocumentResponse;
  }
}
