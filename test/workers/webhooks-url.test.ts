import { describe, expect, it } from 'vitest';
import { validateJson } from '../../workers/http/read-json-body.ts';
import { outboundUrlProblem as webhookUrlProblem } from '../../workers/net/url-policy.ts';
import { webhookCreateSchema } from '../../workers/webhooks/webhook-create-body.ts';

const parseWebhookCreate = (body: unknown, devMode: boolean) => validateJson(body, webhookCreateSchema(devMode));

describe('webhook URL rules (D10)', () => {
  it.each([
    'https://hooks.example.com/in',
    'https://example.com:8443/a?b=c',
    'https://8.8.8.8/hook',
    'https://[2606:4700:4700::1111]/hook',
    'https://172.32.0.1/x',
  ])('D10: accepts the public https URL %s', (url) => {
    expect(webhookUrlProblem(url, false)).toBeNull();
  });

  it.each([
    ['http://hooks.example.com/in', /https/],
    ['ftp://example.com/x', /https/],
    ['https://localhost/x', /localhost/],
    ['https://api.localhost/x', /localhost/],
    ['https://127.0.0.1/x', /private|loopback/],
    ['https://127.1/x', /private|loopback/],
    ['https://0x7f000001/x', /private|loopback/],
    ['https://10.1.2.3/x', /private/],
    ['https://172.16.0.1/x', /private/],
    ['https://192.168.1.1/x', /private/],
    ['https://169.254.169.254/latest', /link-local/],
    ['https://100.64.0.1/x', /private/],
    ['https://0.0.0.0/x', /private/],
    ['https://[::1]/x', /loopback/],
    ['https://[::]/x', /private/],
    ['https://[fe80::1]/x', /link-local/],
    ['https://[fd00::1]/x', /private/],
    ['https://[::ffff:127.0.0.1]/x', /loopback/],
    ['https://[::ffff:10.0.0.1]/x', /private/],
    ['https://intranet/x', /public host/],
    ['not a url', /absolute URL/],
    ['', /required/],
  ])('D10: refuses %s', (url, reason) => {
    expect(webhookUrlProblem(url, false)).toMatch(reason);
  });

  it('D10: http://localhost and http://127.0.0.1 only in local development (DEV_MODE)', () => {
    for (const url of ['http://localhost:8787/hook', 'http://127.0.0.1:9999/hook']) {
      expect(webhookUrlProblem(url, true)).toBeNull();
      expect(webhookUrlProblem(url, false)).not.toBeNull();
    }
    expect(webhookUrlProblem('http://10.0.0.1/hook', true)).not.toBeNull();
    expect(webhookUrlProblem('http://example.com/hook', true)).toMatch(/https/);
  });
});

describe('WebhookCreate body', () => {
  it('spec: events default to [invoice.generated]; duplicates collapse', () => {
    expect(parseWebhookCreate({ url: 'https://example.com/h' }, false)).toEqual({
      url: 'https://example.com/h',
      events: ['invoice.generated'],
    });
    expect(
      parseWebhookCreate({ url: 'https://example.com/h', events: ['batch.generated', 'batch.generated'] }, false)
        .events,
    ).toEqual(['batch.generated']);
  });

  it('D10: an unknown event name is a validation_error naming the element', () => {
    expect(() =>
      parseWebhookCreate({ url: 'https://example.com/h', events: ['invoice.generated', 'invoice.paid'] }, false),
    ).toThrow(
      expect.objectContaining({ status: 400, code: 'validation_error', message: expect.stringContaining('events[1]') }),
    );
    expect(() => parseWebhookCreate({ url: 'https://example.com/h', events: [] }, false)).toThrow(
      expect.objectContaining({ code: 'validation_error' }),
    );
    expect(() => parseWebhookCreate({ url: 'https://example.com/h', events: 'invoice.generated' }, false)).toThrow(
      expect.objectContaining({ code: 'validation_error' }),
    );
  });

  it('D10: a bad url or a non-object body is a validation_error', () => {
    expect(() => parseWebhookCreate({ url: 'http://example.com/h' }, false)).toThrow(
      expect.objectContaining({ status: 400, code: 'validation_error', message: 'url: must use https' }),
    );
    expect(() => parseWebhookCreate([], false)).toThrow(expect.objectContaining({ code: 'validation_error' }));
    expect(() => parseWebhookCreate({}, false)).toThrow(
      expect.objectContaining({ message: 'url: is required and must be a string' }),
    );
  });
});
