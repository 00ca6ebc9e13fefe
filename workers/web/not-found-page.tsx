/** @jsxImportSource hono/jsx */
// A page path that does not exist, opened in a browser: a 404 page with the site's header rather than the
// API's JSON error body. API paths (/api/*, /openapi.json) and non-browser clients keep the JSON 404.
import type { Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { Layout } from './layout.tsx';
import { sessionOwner } from './page-session.ts';
import { redirectTo, renderPage } from './render-page.ts';

export function wantsPage(c: Context<AppEnv>): boolean {
  const path = new URL(c.req.url).pathname;
  const api = path.startsWith('/api/') || path === '/api' || path === '/openapi.json';
  return !api && c.req.method === 'GET' && (c.req.header('Accept') ?? '').includes('text/html');
}

export async function notFoundPage(c: Context<AppEnv>): Promise<Response> {
  const owner = await sessionOwner(c);
  // Under /app nothing is shown without a session, not even whether a page exists.
  const path = new URL(c.req.url).pathname;
  if (!owner && (path === '/app' || path.startsWith('/app/'))) return redirectTo('/login?next=%2Fapp');
  return renderPage(
    <Layout title="Page not found" path="/404" script="site-page" user={owner?.email ?? null} narrow>
      <section class="card result result--error">
        <h1>Page not found</h1>
        <p>There is no page at this address.</p>
        <a class="button" href={owner ? '/app' : '/'}>
          {owner ? 'Go to your dashboard' : 'Go to the home page'}
        </a>
      </section>
    </Layout>,
    { status: 404 },
  );
}
