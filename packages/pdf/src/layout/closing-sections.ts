import type { TextStyle } from '../text/text-engine.ts';
import type { RenderContext } from '../templates/template.ts';
import { columnsBlock } from './columns-block.ts';
import type { Block } from './flow.ts';
import { detailPieces, headingPiece } from './party-pieces.ts';
import { spacePiece, textPiece, wrappedPieces, type Piece } from './pieces.ts';
import { qrPiece, qrSide } from './qr-piece.ts';

/** Payment details (every Payment field given) at the start side and the QR code with its caption at the end side. */
export function paymentBlock(ctx: RenderContext): Block | null {
  const { c, theme, view, qr } = ctx;
  if (view.payment.length === 0 && !qr) return null;
  const side = qr ? qrSide(qr.matrix) : 0;
  const qrWidth = qr ? Math.max(side, 160) : 0;
  const leftWidth = ctx.width - (qr ? qrWidth + 20 : 0);
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
  return columnsBlock(
    [
      { x: ctx.x, width: leftWidth, pieces: left },
      { x: ctx.x + ctx.width - qrWidth, width: qrWidth, pieces: right },
    ],
    { paddingTop: 14 },
  );
}

/**
 * A titled free-text section (notes, refund policy, long footer). It flows: a 5,000-character
 * note fills the rest of the page and continues on the next, line by line.
 */
export function textSection(ctx: RenderContext, heading: string | null, text: string | undefined, style?: TextStyle): Block | null {
  if (!text) return null;
  const { c, theme } = ctx;
  const s = style ?? { size: theme.size.body, color: theme.text };
  const pieces: Piece[] = [];
  if (heading) pieces.push(headingPiece(ctx, heading));
  const lines = wrappedPieces(c, text, ctx.width, s);
  // Keep the heading with its first line.
  if (heading && lines.length) {
    const h = pieces[0];
    const first = lines.shift()!;
    pieces[0] = { height: h.height + first.height, draw: (cv, x, top, w) => { h.draw(cv, x, top, w); first.draw(cv, x, top + h.height, w); } };
  }
  pieces.push(...lines);
  return columnsBlock([{ x: ctx.x, width: ctx.width, pieces }], { paddingTop: 12, flows: true });
}

/** The signature image above a rule and the localised `Authorised signature`, at the end side. */
export function signatureBlock(ctx: RenderContext): Block | null {
  const { c, theme, view, signature } = ctx;
  if (!signature) return null;
  const boxW = 170;
  const boxH = 60;
  const scale = Math.min(boxW / signature.width, boxH / signature.height);
  const w = signature.width * scale;
  const h = signature.height * scale;
  const label: TextStyle = { size: theme.size.small, color: theme.muted };
  const image: Piece = {
    height: boxH + 4,
    draw(cv, x, top, width) {
      cv.image(signature, x + width - boxW + (boxW - w) / 2, top + boxH - h, w, h);
      cv.hline(x + width - boxW, top + boxH + 2, boxW, 0.6, theme.muted);
    },
  };
  const caption = textPiece(view.labels.signature, label, c.lineHeight(label), 'center');
  const pieces: Piece[] = [image, { height: caption.height, draw: (cv, x, top, width) => caption.draw(cv, x + width - boxW, top, boxW) }];
  return columnsBlock([{ x: ctx.x, width: ctx.width, pieces }], { paddingTop: 18 });
}
