/**
 * The font files the PDF renderer embeds, bundled into the Worker as Data modules (wrangler.toml rule for
 * fonts/*.ttf), plus HarfBuzz as a precompiled WebAssembly.Module (workerd cannot compile wasm from bytes).
 * fonts/ is written by scripts/build-fonts.mjs. Pass both to loadFontSet(fontFiles, { harfbuzz: harfbuzzWasm }).
 */

import harfbuzz from 'harfbuzzjs/dist/harfbuzz.wasm';
import liberationSansBold from '../../fonts/LiberationSans-Bold.ttf';
import liberationSansRegular from '../../fonts/LiberationSans-Regular.ttf';
import notoSansBold from '../../fonts/NotoSans-Bold.ttf';
import notoSansRegular from '../../fonts/NotoSans-Regular.ttf';
import arabicBold from '../../fonts/NotoSansArabic-Bold.ttf';
import arabicRegular from '../../fonts/NotoSansArabic-Regular.ttf';
import devanagariBold from '../../fonts/NotoSansDevanagari-Bold.ttf';
import devanagariRegular from '../../fonts/NotoSansDevanagari-Regular.ttf';
import japaneseBold from '../../fonts/NotoSansJP-Bold.ttf';
import japaneseRegular from '../../fonts/NotoSansJP-Regular.ttf';

// One object for the isolate's lifetime: loadFontSet caches the parsed fonts by its identity.
export const fontFiles: Record<string, Uint8Array> = {
  'NotoSans-Regular.ttf': new Uint8Array(notoSansRegular),
  'NotoSans-Bold.ttf': new Uint8Array(notoSansBold),
  'NotoSansArabic-Regular.ttf': new Uint8Array(arabicRegular),
  'NotoSansArabic-Bold.ttf': new Uint8Array(arabicBold),
  'NotoSansDevanagari-Regular.ttf': new Uint8Array(devanagariRegular),
  'NotoSansDevanagari-Bold.ttf': new Uint8Array(devanagariBold),
  'NotoSansJP-Regular.ttf': new Uint8Array(japaneseRegular),
  'NotoSansJP-Bold.ttf': new Uint8Array(japaneseBold),
  // the Swiss QR-bill's font (SIX IG 2.3 §3.4, decision Q9); drawn only where a style names it
  'LiberationSans-Regular.ttf': new Uint8Array(liberationSansRegular),
  'LiberationSans-Bold.ttf': new Uint8Array(liberationSansBold),
};

export const harfbuzzWasm: WebAssembly.Module = harfbuzz;
