// H3: decompression bombs and broken images are the client's 400 naming the field, found before
// anything is decoded to pixels; stored images that break the rules never reach the decoder.
import { env, exports } from 'cloudflare:workers';
import { parseInvoiceRequest, resolveInvoice } from '@invoice/model';
import { inspectImage } from '@invoice/pdf';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Env } from '../../workers/env.ts';
import { IMAGE_URL_RULES } from '../../workers/invoices/load-images.ts';
import { call, verifiedAccountWithKey, withClientAddress } from './accounts-fixtures.ts';
import { storeTestSnapshot } from './hosted-fixtures.ts';
import { flatPng, jpeg, PNG_1X1, pngHeaderOnly, pngWithData, toBase64, zlibDeflate } from './image-fixtures.ts';

type Json = Record<string, any>;
const e = env as unknown as Env;

/** zlib data of `megabytes` MB of zeros, compressed a megabyte at a time (about 1 KB of output per MB). */
async function zerosDeflated(megabytes: number): Promise<Uint8Array> {
  const cs = new CompressionStream('deflate');
  const writer = cs.writable.getWriter();
  const out = new Response(cs.readable).arrayBuffer();
  const mb = new Uint8Array(1024 * 1024);
  for (let i = 0; i < megabytes; i++) await writer.write(mb);
  await writer.close();
  return new Uint8Array(await out);
}

const PROBLEMS = {
  tooLarge: /is 3000×3000 pixels; an image may be at most 4096 pixels a side, a PNG at most 2 megapixels/,
  damaged: /is not a complete PNG image/,
};

afterEach(() => vi.restoreAllMocks());

describe('H3: image checks run in workerd', () => {
  it('valid PNG and JPEG pass, including a PNG at the pixel limit', async () => {
    expect(inspectImage(PNG_1X1)).toMatchObject({ ok: true, header: { type: 'png', width: 1, height: 1 } });
    expect(inspectImage(jpeg(64, 48))).toMatchObject({ ok: true, header: { type: 'jpeg', width: 64, height: 48 } });
    expect(inspectImage(await flatPng(2048, 1024))).toMatchObject({ ok: true });
  });

  it('a header over the limits is refused; so is a small PNG whose data inflates to 64 MB, at the first byte too many', async () => {
    expect(inspectImage(pngHeaderOnly(3000, 3000))).toEqual({
      ok: false,
      problem: 'too-large',
      message: expect.stringMatching(PROBLEMS.tooLarge),
    });
    const data = await zerosDeflated(64);
    expect(data.length).toBeLessThan(200_000);
    // Refused in workerd too; that inflating stops within a piece of the header's count is measured in
    // packages/pdf/test/image-header.test.ts (bytes inflated, not a clock that a loaded machine slows).
    expect(inspectImage(pngWithData(100, 100, data))).toEqual({
      ok: false,
      problem: 'damaged',
      message: expect.stringMatching(PROBLEMS.damaged),
    });
  });

  it.each([
    ['one byte too few', () => flatPng(40, 30, -1)],
    ['one byte too many', () => flatPng(40, 30, 1)],
    ['no zlib stream at all', async () => pngWithData(40, 30, new Uint8Array([0, 0, 1, 2]))],
    [
      'a cut zlib stream',
      async () => {
        const d = await zlibDeflate(new Uint8Array(30 * 161));
        return pngWithData(40, 30, d.subarray(0, d.length - 6));
      },
    ],
  ])('a PNG with a sound header and %s is refused', async (_, make) => {
    expect(inspectImage(await make())).toMatchObject({ ok: false, problem: 'damaged' });
  });
});

describe('H3 through POST /api/generate-invoice', () => {
  const base = { to: { name: 'Client' }, items: [{ description: 'Work', quantity: 1, unit_price: 10 }], output: 'pdf' };
  const dataUri = (bytes: Uint8Array, mime = 'image/png') => `data:${mime};base64,${toBase64(bytes)}`;

  it('over-limit, truncated and undecodable images are 400 validation_error naming the field', async () => {
    const { apiKey } = await verifiedAccountWithKey('imgbomb');
    const bomb = pngWithData(100, 100, await zerosDeflated(32));
    const truncated = PNG_1X1.subarray(0, PNG_1X1.length - 5);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ from: { name: 'A', logo: dataUri(pngHeaderOnly(3000, 3000)) } }, 'from.logo', PROBLEMS.tooLarge],
      [{ from: { name: 'A' }, signature: dataUri(jpeg(5000, 16), 'image/jpeg') }, 'signature', /is 5000×16 pixels/],
      [
        { from: { name: 'A', logo: dataUri(truncated) } },
        'from.logo',
        /is not a complete PNG image \(truncated or damaged\)/,
      ],
      [{ from: { name: 'A', logo: dataUri(bomb) } }, 'from.logo', PROBLEMS.damaged],
      [
        { from: { name: 'A' }, signature: dataUri(pngWithData(16, 16, new Uint8Array([0, 0, 1, 2]))) },
        'signature',
        PROBLEMS.damaged,
      ],
    ];
    for (const [extra, field, message] of cases) {
      const res = await call('/api/generate-invoice', {
        method: 'POST',
        json: { ...base, ...extra },
        headers: { Authorization: `Bearer ${apiKey}` },
      });
      expect(res.status, field).toBe(400);
      const { error } = (await res.json()) as Json;
      expect(error.code).toBe('validation_error');
      expect(error.message.startsWith(`${field}: `), error.message).toBe(true);
      expect(error.message).toMatch(message);
    }
  });

  it('an over-limit image behind a URL answers the one URL message (H2)', async () => {
    const { apiKey } = await verifiedAccountWithKey('imgbombur');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(pngHeaderOnly(3000, 3000)));
    const res = await call('/api/generate-invoice', {
      method: 'POST',
      json: { ...base, from: { name: 'A', logo: 'https://cdn.example.com/big.png' } },
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).error).toEqual({
      code: 'validation_error',
      message: `from.logo: ${IMAGE_URL_RULES}`,
      details: [{ path: 'from.logo', rule: 'image', message: IMAGE_URL_RULES }],
    });
  });

  it('PNG and JPEG within the limits still make a PDF', async () => {
    const { apiKey } = await verifiedAccountWithKey('imgok');
    const json = {
      ...base,
      from: { name: 'A', logo: dataUri(await flatPng(600, 200)) },
      signature: dataUri(jpeg(300, 100), 'image/jpeg'),
    };
    const res = await call('/api/generate-invoice', {
      method: 'POST',
      json,
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    const pdf = new TextDecoder('latin1').decode(await res.arrayBuffer());
    // the PNG (and its alpha mask) and the JPEG
    expect(pdf.match(/\/Subtype\s*\/Image/g)!.length).toBeGreaterThanOrEqual(2);
  });

  it('a batch item with an over-limit logo fails alone, naming the field', async () => {
    const { apiKey } = await verifiedAccountWithKey('imgbatch');
    const item = (logo?: string) => ({
      from: { name: 'A', logo },
      to: { name: 'B' },
      items: [{ description: 'x', quantity: 1, unit_price: 1 }],
    });
    const res = await call('/api/batch', {
      method: 'POST',
      json: { invoices: [item(), item(dataUri(pngHeaderOnly(3000, 3000))), item(dataUri(PNG_1X1))] },
      headers: { Authorization: `Bearer ${apiKey}` },
    });
    const body = (await res.json()) as Json;
    expect(body.results.map((r: Json) => r.success)).toEqual([true, false, true]);
    expect(body.results[1].error).toEqual({
      code: 'validation_error',
      message: expect.stringMatching(/^from\.logo: is 3000×3000 pixels/),
      details: [{ path: 'from.logo', rule: 'image', message: expect.stringMatching(/^is 3000×3000 pixels/) }],
    });
  });
});

describe('H3: hosted links never decode a stored image that breaks the rules', () => {
  it('a stored decompression bomb (a snapshot older than the checks) is left out of the re-rendered PDF', async () => {
    const parsed = parseInvoiceRequest({
      from: { name: 'A' },
      to: { name: 'B' },
      invoice: { number: 'OLD-1', date: '2026-03-02' },
      items: [{ description: 'x', quantity: 1, unit_price: 1 }],
    });
    if (!parsed.ok) throw new Error(parsed.error.message);
    const { request } = resolveInvoice(parsed.value, { today: '2026-03-02', randomBytes: new Uint8Array(6) });
    const bomb = pngWithData(100, 100, await zerosDeflated(32));
    const withBomb = await storeTestSnapshot(
      e,
      { request, images: { logo: { mime: 'image/png', base64: toBase64(bomb) } } },
      Date.now(),
      'https://invoices.example.com',
    );
    const started = Date.now();
    const res = await exports.default.fetch(withBomb.hosted_url, { headers: withClientAddress(undefined) });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(Date.now() - started).toBeLessThan(5000);
    const served = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(served.subarray(0, 5))).toBe('%PDF-');
    expect(new TextDecoder('latin1').decode(served)).not.toMatch(/\/Subtype\s*\/Image/);
  });
});
