// The D7 counters of one RateLimiter Durable Object: table `counters(name, start, count)` with the rows
// `hour`, `week`, `month_documents` and `month_pdfs`, `start` being the window start in Unix seconds. A
// row whose start is not the current window's counts as 0, so windows roll over without a clean-up job.
import { windowsAt } from './windows.ts';

export interface Usage {
  hour: { start: number; count: number };
  week: { start: number; count: number };
  month: { start: number; documents: number; pdfs: number };
}

export class WindowCounters {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(
      'CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, start INTEGER NOT NULL, count INTEGER NOT NULL)',
    );
  }

  read(now: number): Usage {
    const w = windowsAt(now);
    const rows = new Map<string, { start: number; count: number }>();
    for (const r of this.sql.exec<{ name: string; start: number; count: number }>(
      'SELECT name, start, count FROM counters',
    ))
      rows.set(r.name, { start: r.start, count: r.count });
    const current = (name: string, start: number) => (rows.get(name)?.start === start ? rows.get(name)!.count : 0);
    return {
      hour: { start: w.hour.start, count: current('hour', w.hour.start) },
      week: { start: w.week.start, count: current('week', w.week.start) },
      month: {
        start: w.month.start,
        documents: current('month_documents', w.month.start),
        pdfs: current('month_pdfs', w.month.start),
      },
    };
  }

  write(u: Usage): void {
    const put = (name: string, start: number, count: number) =>
      this.sql.exec(
        'INSERT INTO counters (name, start, count) VALUES (?, ?, ?) ON CONFLICT(name) DO UPDATE SET start = excluded.start, count = excluded.count',
        name,
        start,
        count,
      );
    put('hour', u.hour.start, u.hour.count);
    put('week', u.week.start, u.week.count);
    put('month_documents', u.month.start, u.month.documents);
    put('month_pdfs', u.month.start, u.month.pdfs);
  }
}
