// Headless Chromium for the web app's browser tests (Debian's /usr/bin/chromium driven by playwright-core,
// used by every browser test). Every page opened through `openPage` records console errors,
// uncaught exceptions, CSP violations and failed same-origin requests, so a test can assert there were none.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

export interface WebBrowser {
  context: BrowserContext;
  /** A new tab whose problems are collected in `problems` (one string each). */
  openPage(): Promise<{ page: Page; problems: string[] }>;
  close(): Promise<void>;
}

/** `bypassCSP` lets a test inject its own script into a page of the service (the SDK's browser bundle). */
export async function launchBrowser({
  viewport = { width: 1280, height: 900 },
  bypassCSP = false,
}: {
  viewport?: { width: number; height: number };
  bypassCSP?: boolean;
} = {}): Promise<WebBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'chromium-web-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport,
    bypassCSP,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // Granted so the pages' copy buttons work without a prompt (headless has no user to ask).
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  return {
    context,
    async openPage() {
      const page = await context.newPage();
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
      page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
      // Chromium reports CSP violations on the console too; the event also catches report-only cases.
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) =>
          console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      return { page, problems };
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
