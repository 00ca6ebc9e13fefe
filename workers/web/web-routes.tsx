/** @jsxImportSource hono/jsx */
// The HTML pages (issue 12): public pages and the signed-in /app pages, rendered on the server with
// hono's JSX. Static files (client bundles, styles, the API reference viewer) never reach the Worker:
// Workers Static Assets answers them from web/dist. docs/web.md lists every page.
import { type Context, Hono } from 'hono';
import { isLiveResetToken } from '../accounts/password-reset.ts';
import type { AppEnv } from '../env.ts';
import { publicBaseUrl } from '../http/public-base-url.ts';
import { AccountClosedPage, AccountPage } from './account-page.tsx';
import { ForgotPasswordPage, LoginPage, ResetPasswordPage, SignupPage } from './auth-pages.tsx';
import { confirmEmailForBrowsers } from './confirm-email-page.tsx';
import { dashboardData } from './dashboard-data.ts';
import { DashboardPage } from './dashboard-page.tsx';
import { DocsPage } from './docs-page.tsx';
import { DocumentsPage } from './documents-page.tsx';
import { KeysPage } from './keys-page.tsx';
import { LandingPage } from './landing-page.tsx';
import { McpGuidePage } from './mcp-guide-page.tsx';
import { afterLoginPath, sessionOwner } from './page-session.ts';
import { PlaygroundPage } from './playground-page.tsx';
import { redirectTo, renderPage } from './render-page.ts';
import { SdkGuidePage } from './sdk-guide-page.tsx';
import { verifyEmailForBrowsers } from './verify-email-page.tsx';
import { WebhooksPage } from './webhooks-page.tsx';

export const webRoutes = new Hono<AppEnv>();

// D6's link lands on a page when a browser opens it (the API route answers everyone else).
webRoutes.use('/api/auth/verify-email', verifyEmailForBrowsers);
webRoutes.use('/api/auth/confirm-email-change', confirmEmailForBrowsers);

webRoutes.get('/', async (c) => {
  const owner = await sessionOwner(c);
  return renderPage(<LandingPage user={owner?.email ?? null} />);
});

webRoutes.get('/docs', async (c) => {
  const owner = await sessionOwner(c);
  // The viewer writes its styles inline: the one page whose CSP allows inline styles (decisions A3).
  return renderPage(<DocsPage user={owner?.email ?? null} />, { policy: { inlineStyles: true } });
});

webRoutes.get('/docs/sdk', async (c) => {
  const owner = await sessionOwner(c);
  return renderPage(<SdkGuidePage user={owner?.email ?? null} baseUrl={publicBaseUrl(c.env, c.req.url)} />);
});

webRoutes.get('/docs/mcp', async (c) => {
  const owner = await sessionOwner(c);
  return renderPage(<McpGuidePage user={owner?.email ?? null} baseUrl={publicBaseUrl(c.env, c.req.url)} />);
});

webRoutes.get('/signup', async (c) => {
  if (await sessionOwner(c)) return redirectTo('/app');
  return renderPage(<SignupPage />);
});

webRoutes.get('/login', async (c) => {
  const next = afterLoginPath(c.req.query('next'));
  if (await sessionOwner(c)) return redirectTo(next);
  const notice =
    c.req.query('logged_out') !== undefined ? 'logged_out' : c.req.query('next') ? 'signed_in_required' : undefined;
  return renderPage(<LoginPage next={next} notice={notice} />);
});

// Issue 24: the forgotten-password pages are open to everyone (a reader with a session may still reset).
webRoutes.get('/forgot-password', () => renderPage(<ForgotPasswordPage />));

webRoutes.get('/reset-password', async (c) => {
  const token = c.req.query('token') ?? '';
  const live = await isLiveResetToken(c.env.DB, token, Date.now());
  return renderPage(<ResetPasswordPage token={token} live={live} />, { status: live ? 200 : 400 });
});

// Issue 24: where "Close account" leads; the session is gone by then, so it is a public page.
webRoutes.get('/account-closed', () => renderPage(<AccountClosedPage />));

/** The signed-in pages: without a valid session, to /login, which comes back here afterwards. */
async function signedIn(c: Context<AppEnv>) {
  const owner = await sessionOwner(c);
  const path = new URL(c.req.url).pathname;
  return owner ? { owner } : { redirect: redirectTo(`/login?next=${encodeURIComponent(path)}`) };
}

webRoutes.get('/app', async (c) => {
  const s = await signedIn(c);
  if (!s.owner) return s.redirect;
  const now = Date.now();
  return renderPage(<DashboardPage data={await dashboardData(c.env, s.owner, now)} now={now} />);
});

webRoutes.get('/app/account', async (c) => {
  const s = await signedIn(c);
  if (!s.owner) return s.redirect;
  return renderPage(<AccountPage email={s.owner.email} verified={s.owner.email_verified_at !== null} />);
});

webRoutes.get('/app/documents', async (c) => {
  const s = await signedIn(c);
  if (!s.owner) return s.redirect;
  return renderPage(<DocumentsPage user={s.owner.email} />);
});

webRoutes.get('/app/webhooks', async (c) => {
  const s = await signedIn(c);
  if (!s.owner) return s.redirect;
  return renderPage(<WebhooksPage user={s.owner.email} devMode={c.env.DEV_MODE === 'true'} />);
});

webRoutes.get('/app/keys', async (c) => {
  const s = await signedIn(c);
  if (!s.owner) return s.redirect;
  return renderPage(<KeysPage user={s.owner.email} />);
});

webRoutes.get('/app/playground', async (c) => {
  const s = await signedIn(c);
  if (!s.owner) return s.redirect;
  // `?lang=ar` shows the page itself right to left (docs/decisions.md A-PG1); anything else is English.
  const language = c.req.query('lang') === 'ar' ? 'ar' : 'en';
  return renderPage(<PlaygroundPage user={s.owner.email} language={language} />, { policy: { blobFrames: true } });
});
