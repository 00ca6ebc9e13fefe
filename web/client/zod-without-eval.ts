// Imported before @invoice/model, whose zod schemas are built when it loads: zod would otherwise probe
// `new Function` to compile fast parsers, which the pages' CSP (no 'unsafe-eval') refuses and reports
// as a violation. The interpreted parsers give the same results.
import { config } from 'zod';

config({ jitless: true });
