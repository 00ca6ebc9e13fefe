// GET /api/i/{id}: opens a hosted invoice link (`invoice.hosted_url`). The link is its own credential
// (the signature `t`, D9), so no API key is sent, and it is opened on the host that issued it.
import { type ApiClient, type CallOptions, decodeBody } from './api-transport.ts';
import type { HostedLinkFormat, HostedLinkResult } from './contract-types.ts';

export interface OpenHostedLinkOptions<F extends HostedLinkFormat> extends CallOptions {
  /** `pdf` (the default): the PDF bytes; `json`: the invoice as generated; an XML format: its text. */
  format?: F;
}

export class HostedLinksResource {
  constructor(private readonly api: ApiClient) {}

  async open<F extends HostedLinkFormat = 'pdf'>(
    url: string | URL,
    options: OpenHostedLinkOptions<F> = {},
  ): Promise<HostedLinkResult<F>> {
    const link = new URL(url);
    const id = /\/api\/i\/([^/]+)$/.exec(link.pathname)?.[1];
    if (!id) throw new TypeError(`Not a hosted invoice link (…/api/i/{id}?t=…): ${link.href}`);
    const { data, response } = await this.api.GET('/api/i/{id}', {
      baseUrl: link.origin + link.pathname.slice(0, link.pathname.length - `/api/i/${id}`.length),
      params: {
        path: { id: decodeURIComponent(id) },
        query: { t: link.searchParams.get('t') ?? undefined, format: options.format },
      },
      parseAs: 'arrayBuffer',
      signal: options.signal,
    });
    return decodeBody(response, data as ArrayBuffer) as HostedLinkResult<F>;
  }
}
