// Global setup of the e2e project: one real `wrangler dev` for every e2e test file.
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
  server?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    stateDir: string;
  }
}
