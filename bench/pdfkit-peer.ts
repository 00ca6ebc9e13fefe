// The peer row of bench/pdf.bench.ts (issue 27): the same invoice drawn by pdfkit in Helvetica, a standard
// font that is neither embedded nor shaped, as the cheapest PDF a JavaScript library makes. It formats the
// same view (buildInvoiceView) and encodes the same QR (encodeQr), so the ratio is the renderer's alone.
import type { ResolvedInvoice } from '@invoice/model';
import { encodeQr } from '@invoice/qr';
import PDFDocument from 'pdfkit';
import { buildInvoiceView } from '../packages/pdf/src/layout/invoice-view.ts';

const M = 42;
const W = 595.28 - 2 * M;
const BOTTOM = 841.89 - 60;

export function renderWithPdfkit(invoice: ResolvedInvoice, qr: string): Promise<Uint8Array> {
  const view = buildInvoiceView(invoice);
  const doc = new PDFDocument({ size: 'A4', margin: M, info: { Title: view.document.title } });
  const chunks: Uint8Array[] = [];
  const done = new Promise<Uint8Array>((resolve) => {
    doc.on('data', (c) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
  });
  let y = M;
  const line = (text: string, x: number, width: number, size = 9, align: 'left' | 'right' = 'left') => {
    doc.fontSize(size).text(text, x, y, { width, align, lineBreak: false });
  };
  doc.font('Helvetica-Bold').fillColor('#1f3a5f');
  line(view.title, M + W / 2, W / 2, 24, 'right');
  doc.font('Helvetica').fillColor('#222222');
  for (const part of [
    view.seller.name,
    ...view.seller.address,
    ...view.seller.details.map((f) => `${f.label} ${f.value}`),
  ]) {
    line(part, M, W / 2);
    y += 12;
  }
  const metaTop = M + 34;
  view.meta.forEach((f, i) => {
    doc.fontSize(8.5).text(f.label, M + W / 2, metaTop + i * 12, { width: 90, lineBreak: false });
    doc.text(f.value, M + W / 2 + 90, metaTop + i * 12, { width: W / 2 - 90, align: 'right', lineBreak: false });
  });
  y += 14;
  for (const part of [view.buyer.heading, view.buyer.name, ...view.buyer.address]) {
    line(part, M, W / 2);
    y += 12;
  }
  y += 10;
  const header = () => {
    doc.rect(M, y, W, 18).fill('#eeeeee');
    doc.fillColor('#222222').font('Helvetica-Bold');
    line(view.labels.description, M + 5, 250, 8);
    line(view.labels.quantity, M + 260, 50, 8, 'right');
    line(view.labels.unitPrice, M + 320, 80, 8, 'right');
    line(view.labels.amount, M + 410, W - 415, 8, 'right');
    doc.font('Helvetica');
    y += 22;
  };
  header();
  for (const item of view.items) {
    if (y > BOTTOM) {
      doc.addPage();
      y = M;
      header();
    }
    line(item.description, M + 5, 250);
    line(item.quantity, M + 260, 50, 9, 'right');
    line(item.unitPrice, M + 320, 80, 9, 'right');
    line(item.amount, M + 410, W - 415, 9, 'right');
    doc.rect(M, y + 14, W, 0.5).fill('#dddddd');
    doc.fillColor('#222222');
    y += 20;
  }
  if (y > BOTTOM - 200) {
    doc.addPage();
    y = M;
  }
  for (const row of view.totals) {
    doc.font(row.emphasis ? 'Helvetica-Bold' : 'Helvetica');
    line(row.label, M + W / 2, 120);
    line(row.value, M + W / 2 + 120, W / 2 - 120, 9, 'right');
    y += 14;
  }
  doc.font('Helvetica');
  y += 10;
  const matrix = encodeQr(qr);
  const cell = 90 / matrix.size;
  for (let r = 0; r < matrix.size; r++)
    for (let c = 0; c < matrix.size; c++)
      if (matrix.modules[r][c]) doc.rect(M + W - 90 + c * cell, y + r * cell, cell, cell);
  doc.fill('#000000');
  for (const f of view.payment) {
    line(`${f.label} ${f.value}`, M, W - 110, 8);
    y += 11;
  }
  y += 40;
  if (view.notes) line(view.notes, M, W);
  doc.end();
  return done;
}
