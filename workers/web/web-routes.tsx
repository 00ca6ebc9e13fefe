/** @jsxImportSource hono/jsx */
// The HTML pages (issue 12): public pages and the signed-in /app pages, rendered on the server with
// hono's JSX. Static files (client bundles, styles, the API reference viewer) never reach the Worker:
// Workers Static Assets answers them from web/dist. docs/web.md lists every page.
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { LandingPage } from './landing-page.tsx';
import { sessionOwner } from './page-session.ts';
import { PlaygroundPage } from './playground-page.tsx';
import { renderPage } from './render-page.ts';

export const webRoutes = new Hono<AppEnv>();

webRoutes.get('/', async (c) => {
  const owner = await sessionOwner(c);
  return renderPage(<LandingPage user={owner?.email ?? null} />);
});

/** Signed-in only: without a session, to the log-in page, which comes back here afterwards. */
webRoutes.get('/app/playground', async (c) => {
  const owner = await sessionOwner(c);
  if (!owner) {
    c.header('Cache-Control', 'no-store');
    return c.redirect('/login?next=%2Fapp%2Fplayground', 303);
  }
  // `?lang=ar` shows the page itself right to left (docs/decisions.md A-PG1); anything else is English.
  const language = c.req.query('lang') === 'ar' ? 'ar' : 'en';
  return renderPage(<PlaygroundPage user={owner.email} language={language} />, { policy: { blobFrames: true } });
});
