// POST /api/validate-invoice (issue 22, decision E8), mounted from validate-operations.ts.
import { Hono } from 'hono';
import { requireVerifiedAccount, resolveCaller } from '../accounts/resolve-caller.ts';
import type { AppEnv } from '../env.ts';
import { mountOperations } from '../http/mount-operations.ts';
import { parseJsonText, readBodyText } from '../http/read-json-body.ts';
import { runValidation } from './run-validation.ts';
import { validateInvoice } from './validate-operations.ts';

export const validateRoutes = new Hono<AppEnv>();

mountOperations(validateRoutes, [
  [
    validateInvoice,
    async (c) => {
      // The key is looked up in D1 (not the per-isolate cache): no RateLimiter admission vets it here (P-ACC2).
      const caller = await resolveCaller(c);
      if (caller.kind === 'account') requireVerifiedAccount(caller);
      const raw = await readBodyText(c, validateInvoice.body.limitBytes);
      return c.json(await runValidation(c, caller, parseJsonText(raw), Date.now()));
    },
  ],
]);
