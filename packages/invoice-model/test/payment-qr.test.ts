import { describe, expect, it } from 'vitest';
import { checkQrValue, crc16Ccitt } from '../src/payment-qr.ts';

describe('D12: payment QR values', () => {
  it('CRC-16/CCITT-FALSE matches the standard check value', () => {
    expect(crc16Ccitt('123456789')).toBe('29B1');
  });
  it('accepts a PIX payload with a valid CRC and refuses a wrong one', () => {
    const body = '00020126330014BR.GOV.BCB.PIX0111123456789015204000053039865802BR5903ABC6006CIDADE62070503***6304';
    const ok = body + crc16Ccitt(body);
    expect(checkQrValue('pix', ok)).toBeNull();
    expect(checkQrValue('pix', body + '0000')).toMatch(/CRC/);
  });
  it('checks upi, sepa, url', () => {
    expect(checkQrValue('upi', 'upi://pay?pa=shop@bank&am=10')).toBeNull();
    expect(checkQrValue('upi', 'upi://pay?am=10')).toMatch(/pa=/);
    expect(checkQrValue('sepa', 'BCD\n002\n1\nSCT')).toBeNull();
    expect(checkQrValue('sepa', 'XYZ')).toMatch(/BCD/);
    expect(checkQrValue('url', 'ftp://x')).toMatch(/http/);
  });
});
