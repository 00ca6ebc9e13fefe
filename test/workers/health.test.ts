import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

describe('health and routing', () => {
  it('GET /api/health answers ok with the version', async () => {
    const res = await exports.default.fetch('http://x/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', version: '1.0.0' });
    expect(res.headers.get('X-Request-Id')).toMatch(/^req_[0-9A-Za-z]{20}$/);
  });

  it('D4: an unknown route is 404 not_found with the error body', async () => {
    const res = await exports.default.fetch('http://x/api/nope');
    expect(res.status).toBe(404);
    const body = (await res.json()) as { success: boolean; error: { code: string } };
    expect(body.success).toBe(false);
    expect(body.error.code).toBe('not_found');
  });
});
