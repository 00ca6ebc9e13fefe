// Issue 10: the login throttle counts and checks in one step, so parallel guesses cannot pass it together.
import { describe, expect, it } from 'vitest';
import { call, freshClientIp, register, uniqueEmail } from './accounts-fixtures.ts';

function attempt(email: string, password: string, ip: string) {
  return call('/api/auth/login', { method: 'POST', json: { email, password }, headers: { 'CF-Connecting-IP': ip } });
}

describe('login throttle under concurrency', () => {
  it('40 parallel wrong passwords for one email from one IP: exactly 10 are checked, 30 refused', async () => {
    const email = uniqueEmail('parallel');
    await register(email);
    const ip = freshClientIp();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(email, `wrong-guess-${i}`, ip)));
    const statuses = answers.map((r) => r.status);
    // 401 means the password was verified (and wrong); 429 means it was refused before PBKDF2.
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    for (const r of answers.filter((a) => a.status === 429))
      expect(Number(r.headers.get('Retry-After'))).toBeGreaterThan(0);
    // The owner, at another address, still logs in.
    expect((await attempt(email, 'correct horse battery', freshClientIp())).status).toBe(200);
  });

  it('60 parallel wrong passwords over 60 emails from one IP: exactly 50 are checked', async () => {
    const ip = freshClientIp();
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => attempt(uniqueEmail('spray'), 'wrong password', ip)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(50);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });
});
