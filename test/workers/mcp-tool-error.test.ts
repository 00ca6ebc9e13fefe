// workers/mcp/tool-error.ts: how an error becomes an MCP tool result (issue 14, D4, D7).
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../workers/http/api-error.ts';
import { toolError, toolErrorBody } from '../../workers/mcp/tool-error.ts';

describe('issue 21: the fields of a tool error come from the error details, not from its prose', () => {
  it('a validation error carries every detail, and its first path as field', () => {
    const details = [
      { path: 'items[3].unit_price', rule: 'type' as const, message: 'must be a number' },
      { path: 'to.name', rule: 'required' as const, message: 'is required' },
    ];
    const body = toolErrorBody(ApiError.fromDetails('validation_error', details));
    expect(body).toEqual({
      code: 'validation_error',
      status: 400,
      message: 'items[3].unit_price: must be a number; to.name: is required',
      details,
      field: 'items[3].unit_price',
    });
    expect(
      (toolError(ApiError.fromDetails('validation_error', details), 'req_x').content[0] as { text: string }).text,
    ).toBe(
      'Error validation_error (field items[3].unit_price): items[3].unit_price: must be a number; to.name: is required',
    );
  });

  it.each([
    'Hourly limit of 40 requests reached; it resets at 2026-11-23T10:00:00.000Z (X-RateLimit-Reset-Hourly).',
    // Reads like `path: rule`, but no detail says so: no field is guessed from the words.
    'Verify your email address first: open the link we emailed you',
  ])('an error without details has no field: %s', (message) => {
    const body = toolErrorBody(new ApiError('unverified_account', message));
    expect([body.field, body.details]).toEqual([undefined, []]);
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
      details: [],
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
      details: [],
    });
    expect((result.content[0] as { text: string }).text).toBe(
      'Error internal_error: Internal server error (request req_abc)',
    );
  });
});
