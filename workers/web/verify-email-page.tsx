/** @jsxImportSource hono/jsx */
// D6's verification link, opened in a browser (issue 12): `GET /api/auth/verify-email?token=…` answers this
// page when the request asks for HTML (a browser's Accept), and the API's JSON otherwise (curl, clients,
// the existing tests). Both verify through the same function (verifyEmailWithToken).
import type { Context, Next } from 'hono';
import { verifyEmailWithToken } from '../accounts/email-verification.ts';
import type { AppEnv } from '../env.ts';
import { Layout } from './layout.tsx';
import { sessionOwner } from './page-session.ts';
import { renderPage } from './render-page.ts';

/** A browser navigating to the link sends `Accept: text/html,…`; fetch and curl send `*\/*` or JSON. */
function wantsHtml(c: Context<AppEnv>): boolean {
  return (c.req.header('Accept') ?? '').includes('text/html');
}

function VerifyEmailPage(props: { verified: boolean; user: string | null }) {
  const next = props.user ? { href: '/app', label: 'Go to your dashboard' } : { href: '/login', label: 'Log in' };
  return (
    <Layout
      title={props.verified ? 'Email verified' : 'Link not valid'}
      path="/verify-email"
      script="site-page"
      user={props.user}
      narrow
    >
      {props.verified ? (
        <section class="card result result--success">
          <h1>Your email address is verified</h1>
          <p>You can now create an API key on your dashboard and generate PDF and UBL invoices.</p>
          <a class="button" href={next.href}>
            {next.label}
          </a>
        </section>
      ) : (
        <section class="card result result--error">
          <h1>This link did not work</h1>
          <p>
            The verification link is invalid, already used or older than 24 hours. Log in and send yourself a new one
            from the dashboard.
          </p>
          <a class="button" href={next.href}>
            {next.label}
          </a>
        </section>
      )}
    </Layout>
  );
}

/** Middleware on the verification path: renders the page for browsers, hands everything else to the API route. */
export async function verifyEmailForBrowsers(c: Context<AppEnv>, next: Next): Promise<Response | undefined> {
  if (c.req.method !== 'GET' || !wantsHtml(c)) {
    await next();
    return;
  }
  const verified = await verifyEmailWithToken(c.env.DB, c.req.query('token') ?? '', Date.now());
  const owner = await sessionOwner(c);
  return renderPage(<VerifyEmailPage verified={verified} user={owner?.email ?? null} />, {
    status: verified ? 200 : 400,
  });
}
