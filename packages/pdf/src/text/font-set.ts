/**
 * The fonts a renderer may use, parsed once per isolate. Font bytes come in as arguments (the Worker
 * imports them as Data modules, Node tests read them from fonts/), so this module stays runtime-agnostic.
 */
import { type HarfBuzz, harfBuzzFrom } from './harfbuzz-shaper.ts';
import { SfntFont } from './sfnt-reader.ts';

export type FontWeight = 'regular' | 'bold';

export interface FontFace {
  /** Stable id, e.g. "NotoSansArabic-Bold"; also the key of per-document font resources. */
  id: string;
  family: string;
  weight: FontWeight;
  sfnt: SfntFont;
  /** Lazily created HarfBuzz font handle (only for faces that are shaped). */
  hbFont?: number;
}

export interface FontSet {
  faces: Map<string, FontFace>;
  /** Family names in the order they were given (fallback order before language preferences). */
  families: string[];
  harfbuzz?: HarfBuzz;
  face(family: string, weight: FontWeight): FontFace | undefined;
}

const setCache = new WeakMap<object, FontSet>();
const sfntCache = new WeakMap<Uint8Array, SfntFont>();

/** "fonts/NotoSans-Bold.ttf" → { family: "NotoSans", weight: "bold" }. */
function parseName(key: string): { id: string; family: string; weight: FontWeight } {
  const base = key.replace(/^.*\//, '').replace(/\.(ttf|otf|bin)$/i, '');
  const m = /^(.*?)[-_](Regular|Bold|400Regular|700Bold)$/i.exec(base);
  const family = m ? m[1] : base;
  const weight: FontWeight = m && /bold/i.test(m[2]) ? 'bold' : 'regular';
  return { id: `${family}-${weight === 'bold' ? 'Bold' : 'Regular'}`, family, weight };
}

/** Pure and cached by the identity of `files`: call it per request, the parse happens once per isolate. */
export function loadFontSet(
  files: Record<string, Uint8Array>,
  opts: { harfbuzz?: WebAssembly.Module | Uint8Array } = {},
): FontSet {
  const cached = setCache.get(files);
  if (cached && (!opts.harfbuzz || cached.harfbuzz)) return cached;
  const faces = new Map<string, FontFace>();
  const families: string[] = [];
  for (const key of Object.keys(files).sort()) {
    if (!/\.(ttf|otf|bin)$/i.test(key) && key.includes('.')) continue;
    const bytes = files[key];
    let sfnt = sfntCache.get(bytes);
    if (!sfnt) {
      sfnt = new SfntFont(bytes);
      sfntCache.set(bytes, sfnt);
    }
    const { id, family, weight } = parseName(key);
    faces.set(id, { id, family, weight, sfnt });
    if (!families.includes(family)) families.push(family);
  }
  const set: FontSet = {
    faces,
    families,
    harfbuzz: opts.harfbuzz ? harfBuzzFrom(opts.harfbuzz) : undefined,
    face(family, weight) {
      return faces.get(`${family}-${weight === 'bold' ? 'Bold' : 'Regular'}`) ?? faces.get(`${family}-Regular`);
    },
  };
  setCache.set(files, set);
  return set;
}
