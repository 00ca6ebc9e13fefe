// Issue 10.4–10.6 over HTTP against wrangler dev: the atomic limits hold under parallel requests
// from one address, as they do inside workerd (test/workers/accounts-login-concurrency.test.ts).
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

const post = (path: string, body: unknown, ip: string) =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip },
    body: JSON.stringify(body),
  });

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('atomic limits over HTTP (issue 10)', () => {
  it('H4: 40 parallel wrong passwords for one email from one address: exactly 10 are checked, 30 refused', async () => {
    const email = `e2e-throttle-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => post('/api/auth/login', { email, password: 'wrong password' }, '198.51.100.40')),
    );
    const statuses = responses.map((r) => r.status);
    expect(count(statuses, 401)).toBe(10);
    expect(count(statuses, 429)).toBe(30);
    for (const r of responses.filter((x) => x.status === 429))
      expect(Number(r.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('H6: 20 parallel registrations from one address: exactly 10 accounts, 10 refused', async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(
          '/api/auth/register',
          { email: `e2e-reg-${tag}-${i}@example.com`, password: 'a long passphrase' },
          '198.51.100.41',
        ),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(count(statuses, 201)).toBe(10);
    expect(count(statuses, 429)).toBe(10);
  });

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
