// Issue 10.4 over HTTP against wrangler dev: the hosted-link open window (a MinuteWindow Durable Object per
// client address) holds under a parallel burst of real requests, keyed by the CF-Connecting-IP wrangler dev
// passes on. The login (H4) and registration (H6) limits under parallel requests are proven in workerd
// (test/workers/accounts-login-concurrency.test.ts, accounts-registration-limit.test.ts), where the same
// single-statement D1 check runs; the hosted-open limit is tested there one request at a time only.
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('atomic limits over HTTP (issue 10)', () => {
  it('H5: 130 parallel hosted-link opens from one address: 120 answered, 10 refused', async () => {
    // The window is the UTC minute: start the burst well inside one (waits at most 5 s).
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 55_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
    const responses = await Promise.all(
      Array.from({ length: 130 }, () =>
        fetch(`${baseUrl}/api/i/AAAAAAAAAAAAAAAAAAAAAA?t=probe`, { headers: { 'CF-Connecting-IP': '198.51.100.42' } }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(count(statuses, 404)).toBe(120);
    expect(count(statuses, 429)).toBe(10);
  });
});
