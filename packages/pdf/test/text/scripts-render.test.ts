import { describe, expect, it } from 'vitest';
import {
  inkCoverage,
  pdffonts,
  pdfinfo,
  pdftotext,
  renderPng,
  renderSamples,
  type Sample,
  writeOut,
} from './render-helpers.ts';

const ARABIC = 'فاتورة رقم INV-2026 بتاريخ ١٢٣ email@x.com (test)';
const SAMPLES: Sample[] = [
  { language: 'en', text: 'INVOICE Total due 1,234.56' },
  { language: 'nl', text: 'Factuur Omschrijving Aantal Prijs' },
  { language: 'de', text: 'Rechnung Straße Größe Übertrag' },
  { language: 'fr', text: 'Facture événement à régler, façade' },
  { language: 'es', text: 'Factura año señor pequeño' },
  { language: 'pt', text: 'Fatura ação não informação' },
  { language: 'it', text: 'Fattura città perché più' },
  { language: 'de', text: 'Kunde: Улица Ленина 5, Москва' },
  { language: 'ru', text: 'Счёт-фактура Итого к оплате' },
  { language: 'ja', text: '請求書 ご請求金額 株式会社 東京都' },
  { language: 'hi', text: 'हिन्दी क्षत्रिय चालान' },
  { language: 'en', text: 'Currencies € £ ¥ ₹ ₩ ₽ ₺' },
  { language: 'en', text: 'Bold Grand total', style: { size: 14, weight: 'bold' } },
  { language: 'ja', text: '合計金額 ¥12,345', style: { size: 14, weight: 'bold' } },
  { language: 'en', text: 'Customer: محمد العربي' },
  { language: 'en', text: 'Kunde 山田太郎 Tokyo' },
];

describe('PDF text engine: every script renders with embedded subset fonts', async () => {
  const { bytes, drawn, pageHeight } = await renderSamples([...SAMPLES, { language: 'ar', text: ARABIC, rtl: true }]);
  const file = writeOut('scripts.pdf', bytes);

  it('embeds only subset TrueType fonts, never a standard-14 font', () => {
    const rows = pdffonts(file).trim().split('\n').slice(2);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const row of rows) {
      expect(row).toMatch(/^[A-Z]{6}\+Noto\S+\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    }
    expect(pdffonts(file)).not.toMatch(/Helvetica|Times|Courier|Symbol|ZapfDingbats/);
  });

  it('text is extractable for every left-to-right script', () => {
    const text = pdftotext(file);
    for (const s of SAMPLES) expect(text).toContain(s.text);
  });

  it('Arabic: words come out in logical order, digits and Latin keep theirs', () => {
    const text = pdftotext(file);
    for (const word of ['فاتورة', 'رقم', 'بتاريخ', 'INV-2026', '١٢٣', 'email@x.com', '(test)'])
      expect(text).toContain(word);
    expect(text).not.toContain('٣٢١');
  });

  it('no invisible glyphs: every line leaves ink across its measured width', () => {
    const { image } = renderPng(file, 80);
    for (const line of drawn) {
      const coverage = inkCoverage(image, 80, pageHeight, line);
      expect(coverage, line.sample.text).toBeGreaterThan(0.55);
    }
  });
});

describe('characters no font has', () => {
  it('an emoji becomes a visible U+FFFD, not an error', async () => {
    const { bytes, drawn, pageHeight } = await renderSamples([{ language: 'en', text: 'smile \u{1F600} ok' }]);
    const file = writeOut('replacement.pdf', bytes);
    expect(pdftotext(file)).toContain('smile \ufffd ok');
    const { image } = renderPng(file, 80);
    expect(inkCoverage(image, 80, pageHeight, drawn[0])).toBeGreaterThan(0.5);
  });
});

describe('D14: deterministic output', () => {
  it('two renders of the same content are byte-identical', async () => {
    const a = await renderSamples([...SAMPLES, { language: 'ar', text: ARABIC, rtl: true }]);
    const b = await renderSamples([...SAMPLES, { language: 'ar', text: ARABIC, rtl: true }]);
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
  });

  it('the metadata date comes from the caller, not the clock', async () => {
    const a = await renderSamples(SAMPLES.slice(0, 1), new Date('2026-03-01T00:00:00Z'));
    const b = await renderSamples(SAMPLES.slice(0, 1), new Date('2026-03-02T00:00:00Z'));
    expect(pdfinfo(writeOut('date.pdf', a.bytes))).toMatch(/CreationDate:\s+2026-03-01T00:00:00/);
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(false);
  });
});
