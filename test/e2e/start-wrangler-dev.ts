// Global setup of the e2e project: one real `wrangler dev` for every e2e test file.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { type DevServer, startDevServer } from '../support/start-dev-server.ts';

let server: DevServer | undefined;

export async function setup(project: TestProject) {
  // D10 retries wait seconds, not minutes, in this throw-away dev instance (honoured only with DEV_MODE=true).
  server = await startDevServer(['--var', 'WEBHOOK_RETRY_DELAYS_SECONDS:1']);
  project.provide('baseUrl', server.baseUrl);
  project.provide('stateDir', server.stateDir);
}

export async function teardown() {
  // Kept for diagnosis: a 500 in an e2e test is explained by the Worker's own log (CI prints it on failure).
  if (server) {
    mkdirSync('test/.out', { recursive: true });
    writeFileSync('test/.out/wrangler-dev.log', server.log());
  }
  server?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    stateDir: string;
  }
}
