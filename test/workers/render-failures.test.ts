import { describe, expect, it, vi } from 'vitest';
import type { ResolvedInvoice } from '@invoice/model';
import { ApiError } from '../../workers/http/api-error.ts';
import { renderPdf } from '../../workers/pdf/render-pdf.ts';

describe('issue 4: failures inside rendering', () => {
  it('become 500 pdf_error naming the request id, with the cause only in the log', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = { request: { invoice: {} }, totals: {} } as unknown as ResolvedInvoice;
    const err = await renderPdf(broken, {}, undefined, 'req_TESTTESTTESTTESTTEST').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(500);
    expect((err as ApiError).code).toBe('pdf_error');
    expect((err as ApiError).message).toContain('req_TESTTESTTESTTESTTEST');
    expect((err as ApiError).message).not.toMatch(/TypeError|undefined/);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('"request_id":"req_TESTTESTTESTTESTTEST"'));
    errors.mockRestore();
  });
});

describe('issue 5: failures inside the UBL writer', () => {
  it('become 500 ubl_error naming the request id', async () => {
    const { writeUbl } = await import('../../workers/invoices/render-output.ts');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = { request: { invoice: {} }, totals: {} } as unknown as ResolvedInvoice;
    let err: unknown;
    try {
      writeUbl(broken, 'req_UBLUBLUBLUBLUBLUBL00');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 500, code: 'ubl_error', message: expect.stringContaining('req_UBLUBLUBLUBLUBLUBL00') });
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });
});
