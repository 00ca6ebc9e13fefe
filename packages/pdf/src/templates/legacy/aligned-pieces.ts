import type { Align, Rgb } from '../../layout/canvas.ts';
import { fitLines } from '../../layout/fit-text.ts';
import type { PartyView } from '../../layout/invoice-view.ts';
import { type Piece, spacePiece, textPiece, wrappedPieces } from '../../layout/pieces.ts';
import type { TextStyle } from '../../text/text-engine.ts';
import type { RenderContext } from '../template.ts';
import { fieldRuns } from './field-runs.ts';

/**
 * Pieces for the legacy designs whose header is not start-aligned (modern-right stacks against the
 * end margin, elegant-gray-pro centres, classic-left runs a compact letterhead). The shared
 * party-pieces.ts only draws at the start.
 */

// Scripts whose letters stand alone: spacing them out does not break joins or conjuncts (Arabic, Devanagari).
const SPACEABLE = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}\p{P}\s]+$/u;
const HAIR = '\u200a';

/** Letter-spaced display text (`I N V O I C E`), for scripts where that is safe; other text is left as is. */
export function tracked(text: string): string {
  if (!SPACEABLE.test(text)) return text;
  // words keep a real space between them: a long title still wraps there
  return [...text].join(HAIR.repeat(2));
}

/** Display text in one alignment, shrunk (to half) while a word is wider than the box, then wrapped. */
export function displayPieces(
  ctx: RenderContext,
  text: string,
  width: number,
  style: TextStyle,
  align: Align,
): Piece[] {
  const fit = fitLines(ctx.c, text, width, style, 0.5);
  const lh = ctx.c.lineHeight(fit.style) * 1.06;
  return fit.lines.map((line) => textPiece(line, fit.style, lh, align));
}

/** A piece of width `w` drawn at the end or centre of a wider column (the meta list under an end-aligned title). */
export function placed(piece: Piece, w: number, align: 'end' | 'center'): Piece {
  return {
    height: piece.height,
    draw: (c, x, top, width) => {
      const room = Math.max(0, width - w);
      piece.draw(c, x + (align === 'end' ? room : room / 2), top, Math.min(w, width));
    },
  };
}

export interface AlignedPartyStyle {
  heading?: string;
  headingColor?: Rgb;
  nameSize?: number;
  nameColor?: Rgb;
  /** Text and label colours on a fill (band-blue-pro's band). */
  color?: Rgb;
  mutedColor?: Rgb;
  /** Address on one line joined by middots (a letterhead), instead of one line each. */
  compact?: boolean;
}

/** A party (heading, name, address, details) in any alignment. */
export function alignedPartyPieces(
  ctx: RenderContext,
  party: PartyView,
  width: number,
  align: Align,
  s: AlignedPartyStyle = {},
): Piece[] {
  const { c, theme, view } = ctx;
  const out: Piece[] = [];
  if (s.heading !== undefined) {
    const style: TextStyle = { size: theme.heading.size, weight: 'bold', color: s.headingColor ?? theme.heading.color };
    const text = theme.heading.upper ? s.heading.toLocaleUpperCase(view.language) : s.heading;
    out.push(...wrappedPieces(c, text, width, style, align, 1.15));
  }
  const nameStyle: TextStyle = {
    size: s.nameSize ?? theme.size.body + 1.5,
    weight: 'bold',
    color: s.nameColor ?? s.color ?? theme.text,
  };
  if (party.name) out.push(...displayPieces(ctx, party.name, width, nameStyle, align));
  const body: TextStyle = { size: s.compact ? theme.size.small + 0.5 : theme.size.body, color: s.color ?? theme.text };
  if (s.compact) {
    const parts = party.address.filter((l) => l !== '').map((value) => ({ label: '', value }));
    out.push(...fieldRuns(ctx, parts, width, align, { label: body, value: body }, true));
  } else {
    const gap = spacePiece(c.lineHeight(body) * 0.5);
    for (const l of party.address) out.push(...(l === '' ? [gap] : wrappedPieces(c, l, width, body, align)));
  }
  if (party.details.length) out.push(spacePiece(2));
  const small = (color: Rgb): TextStyle => ({ size: theme.size.small, color });
  const styles = { label: small(s.mutedColor ?? theme.muted), value: small(s.color ?? theme.text) };
  // a letterhead runs its contact details on; a stacked party lists them one per line
  out.push(...fieldRuns(ctx, party.details, width, align, styles, s.compact === true));
  return out;
}
