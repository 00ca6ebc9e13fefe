import { applyD1Migrations, type D1Migration } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

// Runs before each test file: the D1 schema comes from the same migrations `npm run dev` applies.
// TEST_MIGRATIONS is a binding only vitest.config.ts adds; the Worker's Env does not declare it.
const { DB, TEST_MIGRATIONS } = env as typeof env & { TEST_MIGRATIONS: D1Migration[] };
await applyD1Migrations(DB, TEST_MIGRATIONS);
