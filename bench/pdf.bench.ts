// PDF layout bench (issue 4): one-page 20-line invoice per language and a 100-item invoice, median ms.
// Budgets: Latin-script 20 lines < 6 ms; other scripts < 25 ms; 100 items < 50 ms.
import { LANGUAGES } from '../packages/i18n/src/index.ts';
import { renderInvoicePdf } from '../packages/pdf/src/index.ts';
import { fonts, fullInvoice, manyItems, resolve } from '../packages/pdf/test/helpers/invoice-fixtures.ts';
import { measureAsync, ms } from './measure.ts';

const fontSet = fonts();
const LATIN = new Set(['en', 'nl', 'de', 'fr', 'es', 'pt', 'it']);
const qr = { text: 'https://invoices.example/api/i/AbCdEfGhIjKlMnOpQrStUv?t=signature' };

const rows: string[] = [];
let over = 0;
for (const language of LANGUAGES) {
  const invoice = resolve(fullInvoice(language, 'classic', { items: manyItems(20, language) }));
  const r = await measureAsync(() => renderInvoicePdf(invoice, { fonts: fontSet, qr }), 60, 10);
  const budget = LATIN.has(language) ? 6 : 25;
  if (r.median > budget) over++;
  rows.push(`| 20 lines, ${language} | ${ms(r.median)} | ${ms(r.p95)} | < ${budget} ms | ${r.median <= budget ? 'ok' : 'OVER'} |`);
}
const big = resolve(fullInvoice('en', 'classic', { items: manyItems(100) }));
const r100 = await measureAsync(() => renderInvoicePdf(big, { fonts: fontSet, qr }), 40, 5);
rows.push(`| 100 items, en (multi-page) | ${ms(r100.median)} | ${ms(r100.p95)} | < 50 ms | ${r100.median <= 50 ? 'ok' : 'OVER'} |`);

console.log(`## pdf: invoice rendering (renderInvoicePdf, classic template, with QR)

| case | median | p95 | budget | |
|---|---|---|---|---|
${rows.join('\n')}
`);
if (over || r100.median > 50) console.log(`_${over + (r100.median > 50 ? 1 : 0)} case(s) over budget on this machine._`);
