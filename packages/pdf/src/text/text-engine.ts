/**
 * The text API the templates use: measure, wrap and draw text in any script with the document's fonts.
 * Latin, Cyrillic, Greek, CJK, digits and symbols take a direct cmap path; Arabic and Devanagari are
 * shaped with HarfBuzz; right-to-left and mixed lines are ordered with the bidi algorithm.
 */
import type { PDFDocument, PDFPage } from '@cantoo/pdf-lib';
import { drawLine } from './draw-glyphs.ts';
import type { FontFace, FontSet, FontWeight } from './font-set.ts';
import { type LineLayout, layoutLine } from './line-layout.ts';
import { wrapParagraph } from './line-wrap.ts';

export interface TextStyle {
  size: number;
  weight?: FontWeight;
  /** A family drawn first, ahead of the language's chain (which still covers what it lacks), e.g. the
   *  Liberation Sans of the Swiss QR-bill. */
  family?: string;
  color?: [number, number, number];
}

interface DrawOptions {
  align?: 'left' | 'right' | 'center';
  /** Box width for right/center alignment: the box is x..x+width. Without it, x is the anchor.
   *  A line wider than its box is drawn smaller to fit it: layout code wraps or shrinks first, this only
   *  guarantees that nothing spills out of its box (and off the page). */
  width?: number;
  /** Paragraph base direction (rtl for Arabic documents). */
  direction?: 'ltr' | 'rtl';
}

export interface TextEngine {
  measure(text: string, style: TextStyle): number;
  wrap(text: string, maxWidth: number, style: TextStyle): string[];
  draw(page: PDFPage, text: string, x: number, y: number, style: TextStyle, opts?: DrawOptions): void;
  lineHeight(style: TextStyle): number;
}

/** Preferred family order per language; other families follow as fallback. */
const PREFERRED: Record<string, string[]> = {
  ja: ['NotoSansJP', 'NotoSans'],
  hi: ['NotoSans', 'NotoSansDevanagari'],
  ar: ['NotoSans', 'NotoSansArabic'],
};
const DEFAULT_ORDER = ['NotoSans', 'NotoSansArabic', 'NotoSansDevanagari', 'NotoSansJP'];
/** Families only a style's `family` selects, never a fallback: other text stays in Noto whatever it holds. */
const NAMED_ONLY = new Set(['LiberationSans']);

const chains = new WeakMap<FontSet, Map<string, FontFace[]>>();
const layouts = new WeakMap<FontFace[], Map<string, LineLayout>>();

function fontChain(fonts: FontSet, language: string, weight: FontWeight, family?: string): FontFace[] {
  let byKey = chains.get(fonts);
  if (!byKey) {
    byKey = new Map();
    chains.set(fonts, byKey);
  }
  const lang = language.toLowerCase().split(/[-_]/)[0];
  const key = `${lang}|${weight}|${family ?? ''}`;
  let chain = byKey.get(key);
  if (!chain) {
    const fallback = [...(PREFERRED[lang] ?? []), ...DEFAULT_ORDER, ...fonts.families].filter(
      (f) => !NAMED_ONLY.has(f),
    );
    const order = family ? [family, ...fallback] : fallback;
    chain = [...new Set(order)].map((f) => fonts.face(f, weight)).filter((f): f is FontFace => !!f);
    if (!chain.length) throw new Error('font set is empty');
    byKey.set(key, chain);
  }
  return chain;
}

export function createTextEngine(doc: PDFDocument, fonts: FontSet, opts: { language: string }): TextEngine {
  // one chain per weight (and named family) for this engine's language (looked up on every measure and draw)
  const chains = new Map<string, FontFace[]>();
  const chainOf = (style: TextStyle) => {
    const weight = style.weight ?? 'regular';
    const key = `${weight}|${style.family ?? ''}`;
    let chain = chains.get(key);
    if (!chain) {
      chain = fontChain(fonts, opts.language, weight, style.family);
      chains.set(key, chain);
    }
    return chain;
  };

  const layout = (text: string, style: TextStyle, rtl: boolean): LineLayout => {
    const chain = chainOf(style);
    let cache = layouts.get(chain);
    if (!cache) {
      cache = new Map();
      layouts.set(chain, cache);
    }
    const key = (rtl ? 'r' : 'l') + text;
    let l = cache.get(key);
    if (!l) {
      l = layoutLine(fonts, chain, text, rtl);
      if (cache.size > 5000) cache.clear();
      cache.set(key, l);
    }
    return l;
  };

  const measureLine = (text: string, style: TextStyle) => (layout(text, style, false).width * style.size) / 1000;

  return {
    measure(text, style) {
      let w = 0;
      for (const line of text.split('\n')) w = Math.max(w, measureLine(line, style));
      return w;
    },
    wrap(text, maxWidth, style) {
      const out: string[] = [];
      for (const para of text.replace(/\r\n?/g, '\n').split('\n'))
        out.push(...wrapParagraph(para, maxWidth, (s) => measureLine(s, style)));
      return out;
    },
    draw(page, text, x, y, style, o = {}) {
      const rtl = o.direction === 'rtl';
      const line = layout(text.replace(/[\r\n]+/g, ' '), style, rtl);
      let size = style.size;
      let width = (line.width * size) / 1000;
      const box = o.width ?? 0;
      // 0.5 pt of slack: table cells wrap at their width + 0.5 against rounding (items-table.ts)
      if (o.width !== undefined && box > 0 && width > box + 0.5) {
        size = (size * box) / width;
        width = box;
      }
      const align = o.align ?? (rtl && o.width !== undefined ? 'right' : 'left');
      const left = align === 'right' ? x + box - width : align === 'center' ? x + (box - width) / 2 : x;
      drawLine(doc, page, line, left, y, size, style.color ?? [0, 0, 0]);
    },
    lineHeight(style) {
      const s = chainOf(style)[0].sfnt;
      return ((s.ascender - s.descender + s.lineGap) / s.unitsPerEm) * style.size;
    },
  };
}

/** 0-9 → ٠-٩ for Arabic documents that want Eastern Arabic numerals. */
export function toEasternArabicDigits(s: string): string {
  return s.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + d.charCodeAt(0) - 48));
}
