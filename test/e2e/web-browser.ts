// Headless Chromium for the web app's browser tests (Debian's /usr/bin/chromium driven by playwright-core).
// One Chromium serves the whole run: the e2e global setup launches it (chromium.launchServer, chromium.ts)
// and each test file connects to it. Each launchBrowser() is a browser context of its own (no cookie, storage
// or cache of another file's), as its own Chromium with a fresh profile was before; newContext() gives a test
// a fresh one. Every page opened through `openPage` records console errors, uncaught exceptions, CSP violations
// and failed same-origin requests, so a test can assert there were none.
//
// A page a test closes is kept for the context's next openPage, emptied (about:blank, its listeners, routes and
// viewport reset): a new tab cost about 1 CPU second more than a navigation in one that exists (a renderer process
// started and the pages' scripts compiled again; measured in P9), and the web tests open some forty.

import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export interface WebBrowser {
  /** This browser's context: the pages of openPage, with the cookies of addCookies. */
  context: BrowserContext;
  /** A fresh context with the same options, for a test that must not share the other one's cookies or cache. */
  newContext(): Promise<BrowserContext>;
  /**
   * A tab whose problems are collected in `problems` (one string each): a new one, or one a test closed before,
   * emptied. Its `close()` hands it back for the next openPage.
   */
  openPage(): Promise<{ page: Page; problems: string[] }>;
  /** Closes every context this WebBrowser opened (the shared Chromium stays up for the other files). */
  close(): Promise<void>;
}

/** The pages' icon (workers/web/layout.tsx). */
export const FAVICON = '/assets/favicon.svg';

let connection: Promise<Browser> | undefined;

/** This test file's connection to the run's Chromium. */
function sharedChromium(): Promise<Browser> {
  connection ??= chromium.connect(inject('browserWsEndpoint'));
  return connection;
}

/** `bypassCSP` lets a test inject its own script into a page of the service (the SDK's browser bundle). */
export async function launchBrowser({
  viewport = { width: 1280, height: 900 },
  bypassCSP = false,
}: {
  viewport?: { width: number; height: number };
  bypassCSP?: boolean;
} = {}): Promise<WebBrowser> {
  const browser = await sharedChromium();
  const contexts: BrowserContext[] = [];

  async function newContext(): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport, bypassCSP });
    contexts.push(context);
    // Granted so the pages' copy buttons work without a prompt (headless has no user to ask).
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    return context;
  }
  const context = await newContext();
  /** Pages a test closed, empty, for the next openPage. */
  const idle: Page[] = [];

  async function emptyPage(): Promise<Page> {
    const reused = idle.pop();
    if (reused) return reused;
    const page = await context.newPage();
    // Chromium reports CSP violations on the console too; the event also catches report-only cases.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    // The test's close() empties the page and keeps it; the context's close() ends it.
    page.close = async () => {
      page.removeAllListeners();
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.setViewportSize(viewport);
      await page.goto('about:blank');
      idle.push(page);
    };
    return page;
  }

  return {
    context,
    newContext,
    async openPage() {
      const page = await emptyPage();
      const problems: string[] = [];
      page.on('console', (m) => {
        if (m.type() !== 'error' && m.type() !== 'warning') return;
        // An API answer of 4xx is logged by Chromium as a failed resource; the pages show those messages
        // themselves (a test provokes some on purpose). Any other failed resource (a missing asset) counts.
        const url = m.location().url ?? '';
        if (m.text().startsWith('Failed to load resource') && new URL(url, 'http://x').pathname.startsWith('/api/'))
          return;
        problems.push(`console.${m.type()}: ${m.text()} (${url})`);
      });
      page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
      // A request the page still had in flight when the test moved on to the next page (a list it loads after
      // the load event, the favicon) is cancelled by Chromium (net::ERR_ABORTED): a race of the test, not a
      // failure of the service, which would answer, or fail with another error. So an aborted request counts
      // only if its page neither navigated nor closed since the request started; the navigation's event may
      // come just after the abort's, hence the short wait. (A missing favicon is an answer, 404, never a
      // failed request; web-landing.test.ts fetches it.)
      let navigations = 0;
      const startedAt = new WeakMap<object, number>();
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations += 1;
      });
      page.on('request', (r) => startedAt.set(r, navigations));
      page.on('requestfailed', async (r) => {
        const failure = `request failed: ${r.url()} ${r.failure()?.errorText}`;
        if (r.failure()?.errorText === 'net::ERR_ABORTED') {
          const left = () => page.isClosed() || navigations !== startedAt.get(r);
          if (!left())
            await page
              .waitForEvent('framenavigated', { predicate: (f) => f === page.mainFrame(), timeout: 3_000 })
              .catch(() => undefined);
          if (left()) return;
        }
        problems.push(failure);
      });
      return { page, problems };
    },
    async close() {
      await Promise.all(contexts.splice(0).map((c) => c.close()));
    },
  };
}
