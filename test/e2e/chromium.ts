import type { LaunchOptions } from 'playwright-core';

/** How the run's one headless Chromium is launched (start-wrangler-dev.ts); web-browser.ts connects to it. */
export const CHROMIUM: LaunchOptions = {
  executablePath: '/usr/bin/chromium',
  headless: true,
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
};
