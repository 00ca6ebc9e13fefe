// get_usage: the account's windows and monthly quota as its RateLimiter holds them, read without
// counting anything (like the X-RateLimit-* headers of a refused or replayed call, D7).
import { z } from 'zod';
import { keyCheck, limiter, unlessRevoked } from '../limits/admit-request.ts';
import { limitsFor } from '../limits/plans.ts';
import type { Usage } from '../limits/rate-limiter-object.ts';
import { windowsOf } from '../limits/windows.ts';
import type { McpTool } from './mcp-tool.ts';

const WindowSchema = z.object({
  limit: z.int().meta({ description: '-1 when unlimited' }),
  used: z.int(),
  remaining: z.int().meta({ description: '-1 when unlimited' }),
  reset_at: z.string().meta({ description: 'When the window resets (ISO 8601, UTC)' }),
});

const UsageResultSchema = z
  .object({
    plan: z.enum(['free', 'starter', 'pro', 'enterprise']),
    email_verified: z.boolean(),
    hourly: WindowSchema.meta({ description: 'Calls this clock hour (UTC).' }),
    weekly: WindowSchema.meta({ description: 'Calls this ISO week (UTC).' }),
    monthly_documents: WindowSchema.meta({ description: 'Documents this calendar month (UTC).' }),
    monthly_pdfs: WindowSchema.meta({
      description: 'PDFs this month; part of monthly_documents; -1 when PDFs have no own cap.',
    }),
  })
  .meta({ id: 'McpUsage' });

type Window = z.output<typeof WindowSchema>;

function window(limit: number | null, used: number, resetSec: number): Window {
  return {
    limit: limit ?? -1,
    used,
    remaining: limit === null ? -1 : Math.max(0, limit - used),
    reset_at: new Date(resetSec * 1000).toISOString(),
  };
}

const fmt = (name: string, w: Window) =>
  w.limit === -1 ? `${name}: unlimited` : `${name}: ${w.remaining} of ${w.limit} left`;

export const getUsage: McpTool = {
  name: 'get_usage',
  title: 'Show usage and quota',
  description: [
    'Shows the account’s plan and how much of each limit is used: calls this hour and this week, documents and PDFs this month, with the time each resets. Check it before a large batch.',
    'Cost: nothing; it does not count against any window.',
    'Example arguments: {}',
  ].join('\n'),
  input: z.strictObject({}),
  output: UsageResultSchema,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async run({ c, caller }) {
    const usage = unlessRevoked(caller, await limiter(c.env, caller).peek(keyCheck(caller))) as Usage;
    const limits = limitsFor(caller);
    const w = windowsOf(usage);
    const structured = {
      plan: caller.tier,
      email_verified: caller.verified,
      hourly: window(limits.hourly, usage.hour.count, w.hour.end),
      weekly: window(limits.weekly, usage.week.count, w.week.end),
      monthly_documents: window(limits.monthly, usage.month.documents, w.month.end),
      monthly_pdfs: window(limits.monthlyPdfs, usage.month.pdfs, w.month.end),
    };
    const summary = `Plan ${caller.tier}. ${[
      fmt('Calls this hour', structured.hourly),
      fmt('calls this week', structured.weekly),
      fmt('documents this month', structured.monthly_documents),
    ].join('; ')}.`;
    return { structured, summary };
  },
};
