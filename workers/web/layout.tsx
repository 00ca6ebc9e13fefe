/** @jsxImportSource hono/jsx */
// The frame of every page: <html lang dir>, the stylesheet, the page's one client module, a header with
// the navigation (signed-in links when there is a session), the main landmark and a footer. Pages pass
// their content as children; nothing here runs script inline (page-headers.ts forbids it).
import type { Child } from 'hono/jsx';
import { APP_NAV, currentHref, PUBLIC_NAV } from './nav-items.ts';

export interface LayoutProps {
  title: string;
  /** The request path: marks the current navigation link. */
  path: string;
  /** The client module of the page (web/client/<script>.ts, built by scripts/build-web.mjs). */
  script: string;
  /** The signed-in user's email; null on public pages seen without a session. */
  user: string | null;
  /** Full-width main area (the API reference) instead of the reading column. */
  wide?: boolean;
  /** A narrow column for single forms (sign up, log in). */
  narrow?: boolean;
  /** No navigation: a page for someone who is no user of the site (a hosted link's recipient, issue 26). */
  bare?: boolean;
  /** The page's language and direction (`<html lang dir>`); English, left to right, unless a page says otherwise. */
  lang?: string;
  dir?: 'ltr' | 'rtl';
  children?: Child;
}

export function Layout(props: LayoutProps) {
  const items = props.user ? [...APP_NAV, ...PUBLIC_NAV] : PUBLIC_NAV;
  const current = currentHref(items, props.path);
  // The header and footer stay English on a page shown in another language (the playground's `?lang=ar`).
  const chrome = props.lang && props.lang !== 'en' ? 'en' : undefined;
  return (
    <html lang={props.lang ?? 'en'} dir={props.dir ?? 'ltr'}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{`${props.title} · Invoice API`}</title>
        <link rel="icon" href="/assets/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/assets/css/app.css" />
        <script type="module" src={`/assets/js/${props.script}.js`} />
      </head>
      <body>
        <a class="skip-link" href="#main">
          Skip to content
        </a>
        <header class="site-header" lang={chrome}>
          <div class="site-header__inner">
            <a class="brand" href={props.user ? '/app' : '/'}>
              <span class="brand__mark" aria-hidden="true">
                ▤
              </span>
              Invoice API
            </a>
            {props.bare ? null : (
              <nav class="site-nav" aria-label="Main">
                <ul>
                  {items.map((item) => (
                    <li>
                      <a href={item.href} aria-current={item.href === current ? 'page' : undefined}>
                        {item.label}
                      </a>
                    </li>
                  ))}
                  {props.user ? (
                    <li>
                      <button type="button" class="button button--quiet" data-action="logout">
                        Log out
                      </button>
                    </li>
                  ) : (
                    <>
                      <li>
                        <a href="/login" aria-current={props.path === '/login' ? 'page' : undefined}>
                          Log in
                        </a>
                      </li>
                      <li>
                        <a
                          class="button button--small"
                          href="/signup"
                          aria-current={props.path === '/signup' ? 'page' : undefined}
                        >
                          Sign up
                        </a>
                      </li>
                    </>
                  )}
                </ul>
              </nav>
            )}
          </div>
        </header>
        <main
          id="main"
          class={`main${props.wide ? ' main--wide' : ''}${props.narrow ? ' main--narrow' : ''}`}
          tabindex={-1}
        >
          {props.children}
        </main>
        <footer class="site-footer" lang={chrome}>
          <p>
            Invoice API · JSON, PDF, Factur-X, UBL and CII invoices from one call ·{' '}
            <a href="/openapi.json">OpenAPI 3.1</a>
          </p>
        </footer>
      </body>
    </html>
  );
}
