/** @jsxImportSource hono/jsx */
// The HTML pages (issue 12): public pages and the signed-in /app pages, rendered on the server with
// hono's JSX. Static files (client bundles, styles, the API reference viewer) never reach the Worker:
// Workers Static Assets answers them from web/dist. docs/web.md lists every page.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { LandingPage } from './landing-page.tsx';
import { sessionOwner } from './page-session.ts';
import { renderPage } from './render-page.ts';

export const webRoutes = new Hono<AppEnv>();

webRoutes.get('/', async (c) => {
  const owner = await sessionOwner(c);
  return renderPage(<LandingPage user={owner?.email ?? null} />);
});
