// workers/mcp/tool-error.ts: how an error becomes an MCP tool result (issue 14, D4, D7).
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../workers/http/api-error.ts';
import { errorField, toolError, toolErrorBody } from '../../workers/mcp/tool-error.ts';

describe('the field path of a D4 message', () => {
  it.each([
    ['items[3].unit_price: must be a number; to.name: is required', 'items[3].unit_price'],
    ['invoice.currency: must be one of USD, EUR', 'invoice.currency'],
    ['body: must be a JSON object', 'body'],
    ['global_taxes: cannot be combined with global_tax', 'global_taxes'],
  ])('%s → %s', (message, field) => {
    expect(errorField(message)).toBe(field);
  });

  it.each([
    'Hourly limit of 40 requests reached; it resets at 2026-11-23T10:00:00.000Z (X-RateLimit-Reset-Hourly).',
    'Verify your email address first: open the link we emailed you',
  ])('a message that names no field has none: %s', (message) => {
    expect(errorField(message)).toBeUndefined();
  });
});

describe('tool error results', () => {
  it('D7: a full window carries its code, status and Retry-After as retry_after', () => {
    const err = new ApiError('rate_limit_hourly', 'Hourly limit of 40 requests reached.', {
      headers: { 'Retry-After': '120', 'X-RateLimit-Remaining-Hourly': '0' },
    });
    expect(toolErrorBody(err)).toEqual({
      code: 'rate_limit_hourly',
      status: 429,
      message: 'Hourly limit of 40 requests reached.',
      retry_after: 120,
    });
  });

  it('a failure that is no ApiError is internal_error naming the request id, without its cause', () => {
    const result = toolError(new Error('secret stack detail'), 'req_abc');
    expect(result.isError).toBe(true);
    const text = JSON.stringify(result);
    expect(text).not.toContain('secret stack detail');
    expect(JSON.parse((result.content[1] as { text: string }).text).error).toEqual({
      code: 'internal_error',
      status: 500,
      message: 'Internal server error (request req_abc)',
    });
    expect((result.content[0] as { text: string }).text).toBe(
      'Error internal_error: Internal server error (request req_abc)',
    );
  });
});
