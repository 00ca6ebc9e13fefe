// Issue 10: emails are validated strictly on register and login (no control characters, at most 254).

import { isValidEmailAddress } from '@invoice/model';
import { describe, expect, it } from 'vitest';
import { call } from './accounts-fixtures.ts';

type Json = Record<string, any>;

const VALID = [
  'a@example.com',
  'first.last+tag@sub.example.co.uk',
  "o'brien_x-y@example.org",
  'ü@bücher.de',
  `${'l'.repeat(64)}@example.com`,
  `x@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.${'g'.repeat(60)}`, // 254 characters
];

const INVALID = [
  'x@y.z\u0000',
  'x\u0000@example.com',
  'x@exa\u0007mple.com',
  'a b@example.com',
  'a@exa mple.com',
  'a\tb@example.com',
  'a@example.com\n',
  'a\u200b@example.com', // zero-width space
  'a\u202e@example.com', // right-to-left override
  'a@b@example.com',
  '@example.com',
  'a@',
  'a@localhost',
  'a@example.',
  'a@.example.com',
  'a@example..com',
  'a@-example.com',
  'a@example-.com',
  'a@example.c',
  'a@127.0.0.1',
  '.a@example.com',
  'a.@example.com',
  'a..b@example.com',
  'a"b@example.com',
  'a<b>@example.com',
  `${'l'.repeat(65)}@example.com`,
  `x@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.${'g'.repeat(61)}`, // 255 characters
  `x@${'d'.repeat(64)}.com`,
];

describe('isValidEmailAddress', () => {
  it.each(VALID)('accepts %j', (email) => expect(isValidEmailAddress(email)).toBe(true));
  it.each(INVALID)('refuses %j', (email) => expect(isValidEmailAddress(email)).toBe(false));
});

describe('register and login refuse invalid emails with 400', () => {
  it('"x@y.z\\u0000" is not registered', async () => {
    const res = await call('/api/auth/register', {
      method: 'POST',
      json: { email: 'x@y.z\u0000', password: 'correct horse battery' },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Json;
    expect(body.error.code).toBe('validation_error');
    expect(body.error.message).toContain('email: must be a valid email address');
  });

  it('an email over 254 characters is refused on register and login', async () => {
    const email = `${'a'.repeat(60)}@${'b'.repeat(200)}.com`;
    for (const path of ['/api/auth/register', '/api/auth/login']) {
      const res = await call(path, { method: 'POST', json: { email, password: 'correct horse battery' } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as Json).error.message).toContain('email: must be a valid email address');
    }
  });

  it('surrounding whitespace is still trimmed (D6), inner whitespace is refused', async () => {
    const ok = await call('/api/auth/register', {
      method: 'POST',
      json: { email: `  Trim-${crypto.randomUUID().slice(0, 8)}@Example.com \n`, password: 'correct horse battery' },
    });
    expect(ok.status).toBe(201);
    const inner = await call('/api/auth/register', {
      method: 'POST',
      json: { email: 'in ner@example.com', password: 'correct horse battery' },
    });
    expect(inner.status).toBe(400);
  });
});
