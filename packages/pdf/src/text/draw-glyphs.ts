/**
 * Writes laid-out glyph runs into a page's content stream with pdf-lib's low-level operators:
 * one Tm + TJ per run, kerning/shaping advances as TJ adjustments, mark offsets as their own Tm.
 */
import {
  PDFArray, PDFHexString, PDFNumber, PDFOperator, PDFOperatorNames as Ops, PDFPage, PDFDocument, PDFName,
  beginText, endText, popGraphicsState, pushGraphicsState, setFillingRgbColor, setFontAndSize, setTextMatrix,
} from '@cantoo/pdf-lib';
import { documentFonts } from '../document/document-fonts.ts';
import type { LineLayout } from './line-layout.ts';

const hex4 = (n: number) => (n < 0x1000 ? (n < 0x100 ? (n < 0x10 ? '000' : '00') : '0') : '') + n.toString(16);
const round = (n: number) => Math.round(n * 1000) / 1000;

export function drawLine(doc: PDFDocument, page: PDFPage, line: LineLayout, x: number, y: number, size: number, color: [number, number, number]) {
  const fonts = documentFonts(doc);
  const ctx = doc.context;
  const ops: PDFOperator[] = [pushGraphicsState(), beginText(), setFillingRgbColor(color[0], color[1], color[2])];
  const em = size / 1000;
  let pen = x;
  let current: PDFName | undefined;
  for (const run of line.runs) {
    const ef = fonts.font(run.face);
    ef.useOn(page);
    if (current !== ef.name) { ops.push(setFontAndSize(ef.name, size)); current = ef.name; }
    const sfnt = run.face.sfnt;
    const k = 1000 / sfnt.unitsPerEm;
    let hex = '';
    let parts: (string | number)[] = [];
    let needTm = true;
    if (run.actualText) ops.push(PDFOperator.of(Ops.BeginMarkedContentSequence, [PDFName.of('Span'), ctx.obj({ ActualText: PDFHexString.fromText(run.actualText) })]));
    const flush = () => {
      if (hex) parts.push(hex);
      hex = '';
      if (!parts.length) return;
      if (parts.length === 1 && typeof parts[0] === 'string') ops.push(PDFOperator.of(Ops.ShowText, [PDFHexString.of(parts[0])]));
      else {
        const arr = PDFArray.withContext(ctx);
        for (const p of parts) arr.push(typeof p === 'string' ? PDFHexString.of(p) : PDFNumber.of(p));
        ops.push(PDFOperator.of(Ops.ShowTextAdjusted, [arr]));
      }
      parts = [];
    };
    for (let i = 0; i < run.gids.length; i++) {
      const gid = run.gids[i];
      const cid = ef.cid(gid, run.texts[i]);
      const adv = run.advances[i];
      const ox = run.dx?.[i] ?? 0;
      const oy = run.dy?.[i] ?? 0;
      if (ox || oy) {
        // a positioned mark: its own text matrix, then back to the pen for the next glyph
        flush();
        ops.push(setTextMatrix(1, 0, 0, 1, round(pen + ox * em), round(y + oy * em)));
        ops.push(PDFOperator.of(Ops.ShowText, [PDFHexString.of(hex4(cid))]));
        needTm = true;
      } else {
        if (needTm) { ops.push(setTextMatrix(1, 0, 0, 1, round(pen), round(y))); needTm = false; }
        hex += hex4(cid);
        const natural = sfnt.advance(gid) * k;
        const diff = natural - adv;
        if (Math.abs(diff) > 0.01) { parts.push(hex); hex = ''; parts.push(round(diff)); }
      }
      pen += adv * em;
    }
    flush();
    if (run.actualText) ops.push(PDFOperator.of(Ops.EndMarkedContent));
  }
  ops.push(endText(), popGraphicsState());
  page.pushOperators(...ops);
}
