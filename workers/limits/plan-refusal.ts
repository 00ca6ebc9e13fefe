// Which of a plan's windows refuses a call (P-LIM1), and the longest prefix of a batch that fits (D7): pure
// functions of the counters, run inside the RateLimiter's synchronous read-check-write.
import type { PlanLimits } from './plans.ts';
import type { RefusedWindow } from './rate-limiter-types.ts';
import type { Usage } from './window-counters.ts';

export function refusal(u: Usage, l: PlanLimits, calls: number, documents: number, pdfs: number): RefusedWindow | null {
  // The longest-lasting block is reported first, so Retry-After never promises relief too early.
  if (l.monthly !== null && documents > 0 && u.month.documents + documents > l.monthly) return 'monthly';
  if (l.monthlyPdfs !== null && pdfs > 0 && u.month.pdfs + pdfs > l.monthlyPdfs) return 'monthly_pdfs';
  if (l.weekly !== null && calls > 0 && u.week.count + calls > l.weekly) return 'weekly';
  if (l.hourly !== null && calls > 0 && u.hour.count + calls > l.hourly) return 'hourly';
  return null;
}

/** Adds `calls` to the hourly and weekly windows and `documents`/`pdfs` to the month, in place. */
export function count(usage: Usage, calls: number, documents: number, pdfs: number): void {
  usage.hour.count += calls;
  usage.week.count += calls;
  usage.month.documents += documents;
  usage.month.pdfs += pdfs;
}

/** Counts, in place, the longest prefix of `pdfFlags` that fits (one call and one document each, PDFs as flagged). */
export function admitPrefix(
  usage: Usage,
  limits: PlanLimits,
  pdfFlags: boolean[],
): { admitted: number; pdfs: number; refused: RefusedWindow | null } {
  let admitted = 0;
  let pdfs = 0;
  let refused: RefusedWindow | null = null;
  for (const pdf of pdfFlags) {
    refused = refusal(usage, limits, 1, 1, pdf ? 1 : 0);
    if (refused) break;
    count(usage, 1, 1, pdf ? 1 : 0);
    pdfs += pdf ? 1 : 0;
    admitted++;
  }
  return { admitted, pdfs, refused };
}
