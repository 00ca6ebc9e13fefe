// Turns a page's JSX into the HTML response, with the headers of page-headers.ts. One place, so no page
// can be answered without its Content-Security-Policy.
import type { HtmlEscapedString } from 'hono/utils/html';
import { type PagePolicy, pageHeaders } from './page-headers.ts';

export async function renderPage(
  page: HtmlEscapedString | Promise<HtmlEscapedString>,
  opts: { status?: 200 | 400 | 404 | 409; policy?: PagePolicy } = {},
): Promise<Response> {
  const html = `<!DOCTYPE html>${String(await page)}`;
  return new Response(html, { status: opts.status ?? 200, headers: pageHeaders(opts.policy) });
}

/** A redirect from a page (303: the next request is a GET, whatever the method was). */
export function redirectTo(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
}
