import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

describe('wrangler dev over HTTP', () => {
  it('answers /api/health with X-Request-Id', async () => {
    const res = await fetch(`${baseUrl}/api/health`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe('ok');
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
  });
});
