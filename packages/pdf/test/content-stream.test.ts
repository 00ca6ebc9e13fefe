import { describe, expect, it } from 'vitest';
import { toolOutput } from '../../../test/support/tool-runner.ts';
import { pdfColor, pdfNumber } from '../src/document/pdf-number.ts';
import { renderInvoicePdf } from '../src/index.ts';
import { fonts, fullInvoice, manyItems, resolve } from './helpers/invoice-fixtures.ts';
import { qpdfCheck, writePdf } from './helpers/poppler.ts';

describe('content streams written as text', () => {
  it('numbers: at most 3 decimals, no trailing zeros, no exponent, no "-0"', () => {
    expect(pdfNumber(42)).toBe('42');
    expect(pdfNumber(676.6919999999999)).toBe('676.692');
    expect(pdfNumber(0.12156862745098039)).toBe('0.122');
    expect(pdfNumber(0.5)).toBe('0.5');
    expect(pdfNumber(-12.05)).toBe('-12.05');
    expect(pdfNumber(-0.0001)).toBe('0');
    expect(pdfNumber(1e-7)).toBe('0');
    expect(pdfNumber(1234567.0004)).toBe('1234567');
    expect(pdfNumber(999.9996)).toBe('1000');
  });

  it('colour channels: 4 decimals (within 0.013 of an 8-bit level), clamped to 0..1', () => {
    expect(pdfColor(31 / 255)).toBe('0.1216');
    expect(pdfColor(1)).toBe('1');
    expect(pdfColor(0)).toBe('0');
    expect(pdfColor(1.2)).toBe('1');
    for (let level = 0; level <= 255; level++) expect(Math.round(Number(pdfColor(level / 255)) * 255)).toBe(level);
  });

  it('the page content of a rendered invoice is valid PDF syntax with short numbers (qpdf parses every operator); text lines share text objects', async () => {
    const invoice = resolve(fullInvoice('de', 'classic', { items: manyItems(30, 'de') }));
    const file = writePdf(
      'content-stream-de',
      await renderInvoicePdf(invoice, { fonts: fonts(), qr: { text: 'https://invoices.example/api/i/x?t=y' } }),
    );
    expect(qpdfCheck(file).ok).toBe(true);
    // --normalize-content tokenises every content stream: a malformed operator or number would warn (exit 3)
    const qdf = toolOutput('qpdf', ['--qdf', '--object-streams=disable', '--normalize-content=y', file, '-']).toString(
      'latin1',
    );
    const pages = qdf
      .split('%% Contents for page ')
      .slice(1)
      .map((s) => s.slice(s.indexOf('stream\n') + 7, s.indexOf('endstream')));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    // every number but the QR's module scale (a cm matrix with 6 decimals, so the symbol does not drift) and colours
    const all = pages.join('\n').split('\n');
    const colours = all.filter((l) => / (rg|RG)$/.test(l));
    expect(colours.length).toBeGreaterThan(5);
    for (const l of colours) expect(l).toMatch(/^(0|1|0\.\d{1,4}) (0|1|0\.\d{1,4}) (0|1|0\.\d{1,4}) (rg|RG)$/);
    const lines = all.filter((l) => !l.endsWith(' cm') && !/ (rg|RG)$/.test(l));
    const numbers = lines.join('\n').match(/-?\d*\.\d+(e[-+]?\d+)?/gi) ?? [];
    expect(numbers.length).toBeGreaterThan(500);
    for (const n of numbers) expect(n).toMatch(/^-?\d*\.\d{1,3}$/);
    // one BT…ET per run of consecutive text lines, not one per line
    const text = pages.join('\n');
    expect((text.match(/^BT$/gm) ?? []).length).toBeLessThan((text.match(/ Tm$/gm) ?? []).length / 3);
    expect((text.match(/^BT$/gm) ?? []).length).toBe((text.match(/^ET$/gm) ?? []).length);
  });
});
