import { clientAddressPerFile } from './accounts-fixtures.ts';

// Runs before each test file (vitest.config.ts setupFiles, re-run per file with isolate: false too): the
// requests of this file that name no client address share one of their own, not 127.0.0.1 with every file.
clientAddressPerFile();
