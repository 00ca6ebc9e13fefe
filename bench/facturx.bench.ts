// Factur-X budgets (issue 13): CII of 20 lines under 1 ms median; a Factur-X PDF within 1.5× the plain PDF
// of the same 20-line invoice. The Factur-X time is what output facturx does: the CII, its EN 16931 issues
// and the PDF/A-3b render with the CII embedded. Plain and Factur-X renders alternate, so that load from
// elsewhere on the machine weighs on both alike.
import { readFileSync } from 'node:fs';
import { ciiEn16931Issues, renderInvoiceCii } from '../packages/cii/src/index.ts';
import { renderInvoicePdf } from '../packages/pdf/src/index.ts';
import { fonts, fullInvoice, manyItems, resolve } from '../packages/pdf/test/helpers/invoice-fixtures.ts';
import { measure, ms, summarise } from './measure.ts';

const fontSet = fonts();
const iccProfile = new Uint8Array(readFileSync('color-profiles/sRGB2014.icc'));
const qr = {
  text: 'https://invoices.example.com/api/i/AbCdEfGhIjKlMnOpQrStUv?t=0123456789abcdefghijABCDEFGHIJ0123456789ab',
};

const body = fullInvoice('en', 'classic', { items: manyItems(20) });
const invoice = resolve({
  ...body,
  from: { ...(body.from as Record<string, unknown>), country: 'GB' },
  to: { ...(body.to as Record<string, unknown>), country: 'DE' },
});

const plain = () => renderInvoicePdf(invoice, { fonts: fontSet, qr });
const facturx = () => {
  const xml = renderInvoiceCii(invoice);
  ciiEn16931Issues(invoice);
  return renderInvoicePdf(invoice, { fonts: fontSet, qr, facturx: { xml, iccProfile } });
};

const RUNS = 80;
for (let i = 0; i < 10; i++) {
  await plain();
  await facturx();
}
const plainTimes: number[] = [];
const facturxTimes: number[] = [];
for (let i = 0; i < RUNS; i++) {
  let t0 = performance.now();
  await plain();
  plainTimes.push(performance.now() - t0);
  t0 = performance.now();
  await facturx();
  facturxTimes.push(performance.now() - t0);
}
const p = summarise(plainTimes);
const f = summarise(facturxTimes);
const ratio = f.median / p.median;
const plainSize = (await plain()).length;
const facturxSize = (await facturx()).length;

const cii = measure(() => renderInvoiceCii(invoice), 2000);
const ciiBytes = renderInvoiceCii(invoice).length;

console.log(`## facturx: Factur-X EN 16931 (CII writing and the PDF/A-3b hybrid)

20-line invoice, classic template, en, with QR. Factur-X = renderInvoiceCii + ciiEn16931Issues + renderInvoicePdf with
\`facturx\` (XMP, sRGB output intent, factur-x.xml, content-derived /ID); plain and Factur-X renders alternate (${RUNS} each).

| case | median | p95 | max | size | budget (median) | |
|---|---|---|---|---|---|---|
| CII, 20 lines (\`renderInvoiceCii\`) | ${ms(cii.median)} | ${ms(cii.p95)} | ${ms(cii.max)} | ${(ciiBytes / 1024).toFixed(1)} KiB | < 1 ms | ${cii.median < 1 ? 'ok' : 'OVER'} |
| plain PDF, 20 lines | ${ms(p.median)} | ${ms(p.p95)} | ${ms(p.max)} | ${(plainSize / 1024).toFixed(1)} KB | | |
| Factur-X PDF, 20 lines | ${ms(f.median)} | ${ms(f.p95)} | ${ms(f.max)} | ${(facturxSize / 1024).toFixed(1)} KB | ≤ 1.5 × plain | ${ratio.toFixed(2)} × ${ratio <= 1.5 ? 'ok' : 'OVER'} |
`);
if (cii.median >= 1 || ratio > 1.5) process.exitCode = 1;
