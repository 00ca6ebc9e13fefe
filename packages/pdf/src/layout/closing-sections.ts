import type { RenderContext } from '../templates/template.ts';
import type { TextStyle } from '../text/text-engine.ts';
import { columnsBlock } from './columns-block.ts';
import type { Block } from './flow.ts';
import { detailPieces, headingPiece } from './party-pieces.ts';
import { CODE_DETAILS_WIDTH, codeDetailPieces } from './payment-code-pieces.ts';
import { type Piece, spacePiece, textPiece, wrappedPieces } from './pieces.ts';
import { qrPiece, qrSide } from './qr-piece.ts';

/**
 * Payment details (every Payment field given) at the start side and the QR code with its caption at
 * the end side; a payment code the service built has its manual details in a column beside it.
 */
export function paymentBlock(ctx: RenderContext): Block | null {
  const { c, theme, view, qr } = ctx;
  if (view.payment.length === 0 && !qr) return null;
  const side = qr ? qrSide(qr.matrix) : 0;
  const details = qr?.details.length ? CODE_DETAILS_WIDTH + 14 : 0;
  // beside details the caption has the QR's own column; alone it may take a little more
  const qrWidth = qr ? Math.max(side, details ? 96 : 160) : 0;
  const leftWidth = ctx.width - (qr ? qrWidth + details + 20 : 0);
  const left: Piece[] = [];
  if (view.payment.length) {
    left.push(headingPiece(ctx, view.labels.payment));
    left.push(...detailPieces(ctx, view.payment, leftWidth, theme.muted, theme.text));
  }
  const right: Piece[] = [];
  if (qr) {
    right.push(qrPiece(qr.matrix, 'end'));
    const style: TextStyle = { size: theme.size.label, color: theme.muted };
    right.push(spacePiece(2));
    right.push(...wrappedPieces(c, qr.caption, qrWidth, style, 'end'));
  }
  const columns = [
    { x: ctx.x, width: leftWidth, pieces: left },
    { x: ctx.x + ctx.width - qrWidth, width: qrWidth, pieces: right },
  ];
  if (qr && details)
    columns.push({
      x: ctx.x + ctx.width - qrWidth - details,
      width: CODE_DETAILS_WIDTH,
      pieces: codeDetailPieces(ctx, qr.details, CODE_DETAILS_WIDTH),
    });
  return columnsBlock(columns, { paddingTop: 14 });
}

/** A titled text's pieces at a width; the heading is kept with the first line. */
function sectionPieces(
  ctx: RenderContext,
  heading: string | null,
  text: string,
  width: number,
  style: TextStyle,
): Piece[] {
  const { c } = ctx;
  const lines = wrappedPieces(c, text, width, style);
  if (!heading) return lines;
  const h = headingPiece(ctx, heading);
  if (!lines.length) return [h];
  const first = lines.shift()!;
  return [
    {
      height: h.height + first.height,
      draw: (cv, x, top, w) => {
        h.draw(cv, x, top, w);
        first.draw(cv, x, top + h.height, w);
      },
    },
    ...lines,
  ];
}

/**
 * A titled free-text section (a long footer). It flows: 5,000 characters fill the rest of the page and
 * continue on the next, line by line.
 */
export function textSection(
  ctx: RenderContext,
  heading: string | null,
  text: string | undefined,
  style?: TextStyle,
): Block | null {
  if (!text) return null;
  const s = style ?? { size: ctx.theme.size.body, color: ctx.theme.text };
  return columnsBlock([{ x: ctx.x, width: ctx.width, pieces: sectionPieces(ctx, heading, text, ctx.width, s) }], {
    paddingTop: 12,
    flows: true,
  });
}

const SIGNATURE_BOX = { width: 170, height: 60 };
const SIGNATURE_GAP = 24;

/** The signature image above a rule and the localised `Authorised signature`: one unbreakable piece. */
function signaturePiece(ctx: RenderContext): Piece | null {
  const { c, theme, view, signature } = ctx;
  if (!signature) return null;
  const { width: boxW, height: boxH } = SIGNATURE_BOX;
  const scale = Math.min(boxW / signature.width, boxH / signature.height);
  const w = signature.width * scale;
  const h = signature.height * scale;
  const label: TextStyle = { size: theme.size.small, color: theme.muted };
  const caption = textPiece(view.labels.signature, label, c.lineHeight(label), 'center');
  return {
    height: boxH + 4 + caption.height,
    draw(cv, x, top, width) {
      cv.image(signature, x + width - boxW + (boxW - w) / 2, top + boxH - h, w, h);
      cv.hline(x + width - boxW, top + boxH + 2, boxW, 0.6, theme.muted);
      caption.draw(cv, x + width - boxW, top + boxH + 4, boxW);
    },
  };
}

/**
 * Notes and refund policy at the start side, the signature beside them at the end side (so a short
 * invoice does not spill onto a page of its own for the signature). The text flows over pages.
 */
export function closingBlock(ctx: RenderContext): Block | null {
  const { theme, view } = ctx;
  const signature = signaturePiece(ctx);
  const textWidth = signature ? ctx.width - SIGNATURE_BOX.width - SIGNATURE_GAP : ctx.width;
  const body: TextStyle = { size: theme.size.body, color: theme.text };
  const text: Piece[] = [];
  for (const [heading, value] of [
    [view.labels.notes, view.notes],
    [view.labels.refundPolicy, view.refundPolicy],
  ] as const) {
    if (!value) continue;
    if (text.length) text.push(spacePiece(12));
    text.push(...sectionPieces(ctx, heading, value, textWidth, body));
  }
  if (!signature && !text.length) return null;
  const columns = [{ x: ctx.x, width: textWidth, pieces: text }];
  if (signature)
    columns.push({
      x: ctx.x + ctx.width - SIGNATURE_BOX.width,
      width: SIGNATURE_BOX.width,
      pieces: [spacePiece(6), signature],
    });
  return columnsBlock(columns, { paddingTop: 12, flows: true });
}
