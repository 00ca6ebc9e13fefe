// Global setup of the e2e project (and of the gallery): one real `wrangler dev` for every test file, and one
// headless Chromium every browser test connects to (web-browser.ts), both started at once.
import { mkdirSync, writeFileSync } from 'node:fs';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { type DevServer, startDevServer } from '../support/start-dev-server.ts';
import { CHROMIUM } from './chromium.ts';

let server: DevServer | undefined;
let browser: BrowserServer | undefined;

export async function setup(project: TestProject) {
  const [dev, chrome] = await Promise.allSettled([
    // D10 retries wait seconds, not minutes, in this throw-away dev instance (honoured only with DEV_MODE=true).
    startDevServer(['--var', 'WEBHOOK_RETRY_DELAYS_SECONDS:1']),
    chromium.launchServer(CHROMIUM),
  ]);
  if (dev.status === 'fulfilled') server = dev.value;
  if (chrome.status === 'fulfilled') browser = chrome.value;
  try {
    if (dev.status === 'rejected') throw dev.reason;
    if (chrome.status === 'rejected') throw chrome.reason;
    project.provide('baseUrl', dev.value.baseUrl);
    project.provide('stateDir', dev.value.stateDir);
    project.provide('browserWsEndpoint', chrome.value.wsEndpoint());
  } catch (err) {
    await teardown();
    throw err;
  }
}

export async function teardown() {
  // Kept for diagnosis: a 500 in an e2e test is explained by the Worker's own log (CI prints it on failure).
  if (server) {
    mkdirSync('test/.out', { recursive: true });
    writeFileSync('test/.out/wrangler-dev.log', server.log());
  }
  server?.stop();
  await browser?.close();
  server = undefined;
  browser = undefined;
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    stateDir: string;
    /** playwright-core's chromium.connect() endpoint of the one Chromium (web-browser.ts). */
    browserWsEndpoint: string;
  }
}
