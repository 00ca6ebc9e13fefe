// Issue 10: registrations are limited per client IP (10 per hour, atomic), and a taken email is no cheap probe.
import { describe, expect, it, vi } from 'vitest';
import { call, fetchWithEnv, freshClientIp, register, testEnv, uniqueEmail } from './accounts-fixtures.ts';
import { countedEnv } from './storage-op-counter.ts';

type Json = Record<string, any>;

function registerFrom(ip: string, email = uniqueEmail('reg')) {
  return call('/api/auth/register', {
    method: 'POST',
    json: { email, password: 'correct horse battery' },
    headers: { 'CF-Connecting-IP': ip },
  });
}

describe('registrations per IP (10 per hour)', () => {
  it('the 11th attempt from one IP is 429 with Retry-After; email_taken answers count; other IPs are not affected', async () => {
    const ip = freshClientIp();
    const taken = uniqueEmail('taken');
    await register(taken);
    expect((await registerFrom(ip, taken)).status).toBe(409);
    for (let i = 0; i < 9; i++) expect((await registerFrom(ip)).status).toBe(201);
    const refused = await registerFrom(ip);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as Json).error.code).toBe('rate_limit_exceeded');
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await registerFrom(freshClientIp())).status).toBe(201);
  });

  it('invalid bodies do not use up the limit', async () => {
    const ip = freshClientIp();
    for (let i = 0; i < 12; i++) {
      const res = await call('/api/auth/register', {
        method: 'POST',
        json: { email: 'x@y.z\u0000', password: 'correct horse battery' },
        headers: { 'CF-Connecting-IP': ip },
      });
      expect(res.status).toBe(400);
    }
    expect((await registerFrom(ip)).status).toBe(201);
  });

  it('20 parallel registrations from one IP: exactly 10 are created', async () => {
    const ip = freshClientIp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => registerFrom(ip)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('attempts older than an hour no longer count', async () => {
    const ip = freshClientIp();
    for (let i = 0; i < 10; i++) expect((await registerFrom(ip)).status).toBe(201);
    expect((await registerFrom(ip)).status).toBe(429);
    // The throttle's object reads the same Date as the Worker (P-LIM2): move it past the hour, no sleeping.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 60 * 60 * 1000 + 1);
      expect((await registerFrom(ip)).status).toBe(201);
    } finally {
      vi.useRealTimers();
    }
  });

  it('issue 25: a refused registration writes nothing to D1 (P-LIM4)', async () => {
    const ip = freshClientIp();
    const counted = async () => {
      const { env: bindings, ops } = countedEnv(testEnv);
      const res = await fetchWithEnv(
        new Request('http://localhost:8787/api/auth/register', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip },
          body: JSON.stringify({ email: uniqueEmail('reg'), password: 'correct horse battery' }),
        }),
        bindings,
      );
      return { status: res.status, ops: ops.summary() };
    };
    for (let i = 0; i < 9; i++) expect((await registerFrom(ip)).status).toBe(201);
    // The counting bindings see an admitted registration's writes, so their silence below means something.
    const admitted = await counted();
    expect(admitted.status).toBe(201);
    expect(admitted.ops['DO THROTTLES.reserve']).toBe(1);
    expect(admitted.ops['D1 write accounts']).toBeGreaterThan(0);
    expect(await counted()).toEqual({ status: 429, ops: { 'DO THROTTLES.reserve': 1 } });
  });
});

describe('email_taken is no cheap probe (H6)', () => {
  it('a taken email is answered 409 only after the same PBKDF2 work as a new one', async () => {
    const taken = uniqueEmail('taken');
    await register(taken);
    // The work, not the clock (a timing ratio fails on a loaded machine): the PBKDF2 derivations each answer made.
    const derive = vi.spyOn(crypto.subtle, 'deriveBits');
    const work = async (email: string) => {
      derive.mockClear();
      const res = await registerFrom(freshClientIp(), email);
      const runs = derive.mock.calls.map(([params]) => {
        const { name, iterations } = params as { name: string; iterations?: number };
        return `${name} ${iterations}`;
      });
      return { status: res.status, runs };
    };
    try {
      const [takenAnswer, freshAnswer] = [await work(taken), await work(uniqueEmail('fresh'))];
      expect(takenAnswer.status).toBe(409);
      expect(freshAnswer.status).toBe(201);
      expect(freshAnswer.runs).toHaveLength(1);
      expect(takenAnswer.runs).toEqual(freshAnswer.runs);
    } finally {
      derive.mockRestore();
    }
  });
});
