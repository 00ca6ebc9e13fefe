/** @jsxImportSource hono/jsx */
// The address-change link (issue 24, H16) opened in a browser: `GET /api/auth/confirm-email-change?token=…` answers
// this page when the request asks for HTML, the API's JSON otherwise; both go through openEmailChangeLink.
import type { Context, Next } from 'hono';
import { type EmailChangeOutcome, openEmailChangeLink } from '../accounts/email-change.ts';
import type { AppEnv } from '../env.ts';
import { Layout } from './layout.tsx';
import { sessionOwner } from './page-session.ts';
import { renderPage } from './render-page.ts';

const STATUS = { changed: 200, taken: 409, invalid: 400 } as const;

function ConfirmEmailPage(props: { outcome: EmailChangeOutcome; user: string | null }) {
  const next = props.user ? { href: '/app/account', label: 'Go to your account' } : { href: '/login', label: 'Log in' };
  const { outcome } = props;
  return (
    <Layout
      title={outcome.status === 'changed' ? 'Email address changed' : 'Link not valid'}
      path="/confirm-email-change"
      script="site-page"
      user={props.user}
      narrow
    >
      {outcome.status === 'changed' ? (
        <section class="card result result--success">
          <h1>Your email address is changed</h1>
          <p>
            Your account now uses <strong>{outcome.newEmail}</strong>; log in with it from now on. Every other session
            was logged out.
          </p>
          <a class="button" href={next.href}>
            {next.label}
          </a>
        </section>
      ) : (
        <section class="card result result--error">
          <h1>{outcome.status === 'taken' ? 'This address is taken now' : 'This link did not work'}</h1>
          <p>
            {outcome.status === 'taken'
              ? `${outcome.newEmail} was registered by another account after the change was asked for, so your address did not change.`
              : 'The link is invalid, already used or older than 24 hours. Ask for the change again on your account page.'}
          </p>
          <a class="button" href={next.href}>
            {next.label}
          </a>
        </section>
      )}
    </Layout>
  );
}

/** Middleware on the link's path: the page for browsers, everything else to the API route. */
export async function confirmEmailForBrowsers(c: Context<AppEnv>, next: Next): Promise<Response | undefined> {
  if (c.req.method !== 'GET' || !(c.req.header('Accept') ?? '').includes('text/html')) {
    await next();
    return;
  }
  const outcome = await openEmailChangeLink(c.env, c.req.query('token') ?? '', Date.now());
  const owner = await sessionOwner(c);
  return renderPage(<ConfirmEmailPage outcome={outcome} user={owner?.email ?? null} />, {
    status: STATUS[outcome.status],
  });
}
