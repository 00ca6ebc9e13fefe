/**
 * Writes laid-out glyph runs into a page's content stream as PDF text: one Tm + TJ per run,
 * kerning/shaping advances as TJ adjustments, mark offsets as their own Tm.
 */
import type { PDFDocument, PDFPage } from '@cantoo/pdf-lib';
import { documentFonts } from '../document/document-fonts.ts';
import { pageContent } from '../document/page-content.ts';
import { pdfNumber as num } from '../document/pdf-number.ts';
import type { LineLayout } from './line-layout.ts';

const hex4 = (n: number) => (n < 0x1000 ? (n < 0x100 ? (n < 0x10 ? '000' : '00') : '0') : '') + n.toString(16);
/** Hex of the CIDs met so far (a document uses a few hundred): built once per isolate. */
const CID_HEX: string[] = [];
const cidHex = (cid: number) => CID_HEX[cid] ?? (CID_HEX[cid] = hex4(cid));

/** UTF-16BE with BOM as a PDF hex string (text strings such as /ActualText). */
export function utf16Hex(text: string): string {
  let out = '<feff';
  for (let i = 0; i < text.length; i++) out += hex4(text.charCodeAt(i));
  return out + '>';
}

/** Tj (or TJ with adjustments) for the pieces built so far plus the pending hex; "" when there is nothing to show. */
function showText(parts: string, hex: string, adjusted: boolean): string {
  if (hex) parts += (parts ? ' <' : '<') + hex + '>';
  if (!parts) return '';
  return adjusted ? `[${parts}] TJ\n` : `${parts} Tj\n`;
}

export function drawLine(
  doc: PDFDocument,
  page: PDFPage,
  line: LineLayout,
  x: number,
  y: number,
  size: number,
  color: readonly [number, number, number],
) {
  const fonts = documentFonts(doc);
  const content = pageContent(doc, page);
  content.beginText(color);
  const em = size / 1000;
  let pen = x;
  for (const run of line.runs) {
    const ef = fonts.font(run.face);
    ef.useOn(page);
    content.setFont(ef.resource, size);
    let ops = '';
    const sfnt = run.face.sfnt;
    const k = 1000 / sfnt.unitsPerEm;
    // the TJ being built: "<hex>" pieces and adjustments; `adjusted` when it holds a number
    let hex = '';
    let parts = '';
    let adjusted = false;
    let needTm = true;
    if (run.actualText) ops += `/Span <</ActualText ${utf16Hex(run.actualText)}>> BDC\n`;
    for (let i = 0; i < run.gids.length; i++) {
      const gid = run.gids[i];
      const cid = ef.cid(gid, run.texts[i]);
      const adv = run.advances[i];
      const ox = run.dx?.[i] ?? 0;
      const oy = run.dy?.[i] ?? 0;
      if (ox || oy) {
        // a positioned mark: its own text matrix, then back to the pen for the next glyph
        ops += showText(parts, hex, adjusted);
        parts = hex = '';
        adjusted = false;
        ops += `1 0 0 1 ${num(pen + ox * em)} ${num(y + oy * em)} Tm\n<${cidHex(cid)}> Tj\n`;
        needTm = true;
      } else {
        if (needTm) {
          ops += `1 0 0 1 ${num(pen)} ${num(y)} Tm\n`;
          needTm = false;
        }
        hex += cidHex(cid);
        const diff = sfnt.advance(gid) * k - adv;
        if (Math.abs(diff) > 0.01) {
          parts += (parts ? ' <' : '<') + hex + '> ' + num(diff);
          hex = '';
          adjusted = true;
        }
      }
      pen += adv * em;
    }
    ops += showText(parts, hex, adjusted);
    if (run.actualText) ops += 'EMC\n';
    content.ops += ops;
  }
}
