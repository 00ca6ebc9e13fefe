import type { RenderContext } from '../templates/template.ts';
import type { Rgb } from './canvas.ts';
import type { Field, PartyView } from './invoice-view.ts';
import { fieldPieces, keepTogether, type Piece, spacePiece, textPiece, wrappedPieces } from './pieces.ts';

export interface PartyStyle {
  heading?: boolean;
  nameSize?: number;
  color?: Rgb;
  mutedColor?: Rgb;
  headingColor?: Rgb;
}

/** A section heading line (`BILL TO`), upper-cased where the template says so. */
export function headingPiece(ctx: RenderContext, text: string, color?: Rgb): Piece {
  const { c, theme, view } = ctx;
  const style = { size: theme.heading.size, weight: 'bold' as const, color: color ?? theme.heading.color };
  const label = theme.heading.upper ? text.toLocaleUpperCase(view.language) : text;
  return textPiece(label, style, c.lineHeight(style) * 1.15);
}

/** Name, every address line (wrapped), then email, phone, website, tax id and registration number. */
export function partyPieces(ctx: RenderContext, party: PartyView, width: number, s: PartyStyle = {}): Piece[] {
  const { c, theme } = ctx;
  const color = s.color ?? theme.text;
  const muted = s.mutedColor ?? theme.muted;
  const body = { size: theme.size.body, color };
  const out: Piece[] = [];
  if (party.name)
    out.push(
      ...wrappedPieces(c, party.name, width, { size: s.nameSize ?? theme.size.body + 1.5, weight: 'bold', color }),
    );
  for (const line of party.address)
    out.push(...(line === '' ? [spacePiece(c.lineHeight(body) * 0.5)] : wrappedPieces(c, line, width, body)));
  if (party.details.length) out.push(spacePiece(2));
  out.push(...detailPieces(ctx, party.details, width, muted, color));
  if (s.heading === false) return out;
  // the heading stays with the first line under it when the block breaks across pages
  const heading = headingPiece(ctx, party.heading, s.headingColor);
  return out.length ? [keepTogether(heading, out[0]), ...out.slice(1)] : [heading];
}

/** `Label value` lines in the small size: labels muted, values in the text colour. */
export function detailPieces(
  ctx: RenderContext,
  fields: Field[],
  width: number,
  labelColor?: Rgb,
  valueColor?: Rgb,
): Piece[] {
  const { c, theme } = ctx;
  const label = { size: theme.size.small, color: labelColor ?? theme.muted };
  const value = { size: theme.size.small, color: valueColor ?? theme.text };
  return fields.flatMap((f) => fieldPieces(c, f.label, f.value, width, label, value, 1, f.whole));
}
