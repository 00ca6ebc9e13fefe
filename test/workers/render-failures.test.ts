import { parseInvoiceRequest, type ResolvedInvoice, resolveInvoice } from '@invoice/model';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../workers/http/api-error.ts';
import { writeXml } from '../../workers/invoices/xml-documents.ts';
import { renderPdf } from '../../workers/pdf/render-pdf.ts';
import { pngHeaderOnly, pngWithData } from './image-fixtures.ts';

describe('issue 4: failures inside rendering', () => {
  it('become 500 pdf_error naming the request id, with the cause only in the log', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = { request: { invoice: {} }, totals: {} } as unknown as ResolvedInvoice;
    const err = await renderPdf(broken, {}, undefined, 'req_TESTTESTTESTTESTTEST', 'omit').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(500);
    expect((err as ApiError).code).toBe('pdf_error');
    expect((err as ApiError).message).toContain('req_TESTTESTTESTTESTTEST');
    expect((err as ApiError).message).not.toMatch(/TypeError|undefined/);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('"request_id":"req_TESTTESTTESTTESTTEST"'));
    errors.mockRestore();
  });
});

describe('issue 5 and issue 13: failures inside the UBL and CII writers', () => {
  it.each([
    ['ubl', 'ubl_error'],
    ['cii', 'cii_error'],
  ] as const)('%s: become 500 %s naming the request id', async (format, code) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = { request: { invoice: {} }, totals: {} } as unknown as ResolvedInvoice;
    let err: unknown;
    try {
      writeXml(format, broken, 'req_UBLUBLUBLUBLUBLUBL00');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 500,
      code,
      message: expect.stringContaining('req_UBLUBLUBLUBLUBLUBL00'),
    });
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });
});

describe('H3: images the renderer cannot use', () => {
  const parsed = parseInvoiceRequest({
    from: { name: 'A' },
    to: { name: 'B' },
    invoice: { number: 'IMG-1', date: '2026-03-02' },
    items: [{ description: 'x', quantity: 1, unit_price: 1 }],
  });
  if (!parsed.ok) throw new Error(parsed.error.message);
  const resolved = resolveInvoice(parsed.value, { today: '2026-03-02', randomBytes: new Uint8Array(6) });
  const refuse = (err: { slot: string; problem: string }) =>
    new ApiError('validation_error', `${err.slot === 'logo' ? 'from.logo' : 'signature'}: ${err.problem}`);

  it.each([
    ['over the pixel limits', pngHeaderOnly(3000, 3000), /^from\.logo: is 3000×3000 pixels/],
    [
      'with a sound header but data that does not inflate',
      pngWithData(16, 16, new Uint8Array([0, 0, 1, 2])),
      /^from\.logo: is not a complete PNG image/,
    ],
  ])(
    'a logo %s is the answer the caller chose (generate: 400 naming the field), never a PDF without it nor a 500',
    async (_, logo, message) => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      const err = await renderPdf(resolved, { logo }, undefined, 'req_IMGIMGIMGIMGIMGIMG00', refuse).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ status: 400, code: 'validation_error', message: expect.stringMatching(message) });
      expect(errors).not.toHaveBeenCalled();
      // 'omit' (hosted re-render of an old snapshot): the invoice without the image
      const omitted = await renderPdf(resolved, { logo }, undefined, 'req_IMGIMGIMGIMGIMGIMG00', 'omit');
      expect(omitted).toEqual(await renderPdf(resolved, {}, undefined, 'req_IMGIMGIMGIMGIMGIMG00', 'omit'));
      errors.mockRestore();
    },
  );
});
