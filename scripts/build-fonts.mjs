// Writes the fonts the PDF renderer embeds into fonts/: Noto families (OFL) from the @expo-google-fonts
// npm packages, subset at build time to the Unicode ranges invoices need so the Worker bundle stays small,
// and Liberation Sans (OFL, the Swiss QR-bill's font) from fonts-src/liberation/, copied unmodified: its
// Reserved Font Name may not stay on a subset (fonts-src/liberation/README.md).
// Idempotent: a stamp file records the inputs; nothing is rebuilt while it matches.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const OUT = 'fonts';
const VERSION = 1; // bump when the ranges below change

const r = (a, b) => {
  const out = [];
  for (let c = a; c <= b; c++) out.push(c);
  return out;
};
const ASCII = r(0x20, 0x7e);
const COMMON = [...ASCII, 0xa0, ...r(0x2000, 0x206f), 0x25cc, 0xfffd];

/** JIS X 0208 rows 1–84 (symbols, kana, level 1 and 2 kanji), decoded from EUC-JP code points. */
function jisX0208() {
  const dec = new TextDecoder('euc-jp');
  const cps = new Set();
  for (let row = 0xa1; row <= 0xf4; row++) {
    for (let cell = 0xa1; cell <= 0xfe; cell++) {
      const s = dec.decode(new Uint8Array([row, cell]));
      const cp = s.codePointAt(0);
      if (s.length === 1 && cp !== 0xfffd) cps.add(cp);
    }
  }
  return [...cps];
}

const LATIN = [
  ...r(0x20, 0x7e),
  ...r(0xa0, 0x36f),
  ...r(0x370, 0x3ff),
  ...r(0x400, 0x52f),
  ...r(0x1e00, 0x1fff),
  ...r(0x2000, 0x218f),
  ...r(0x2190, 0x21ff),
  ...r(0x2200, 0x22ff),
  ...r(0x25a0, 0x25ff),
  ...r(0xfb00, 0xfb06),
  0xfffd,
];
const ARABIC = [
  ...COMMON,
  ...r(0x600, 0x6ff),
  ...r(0x750, 0x77f),
  ...r(0x8a0, 0x8ff),
  ...r(0xfb50, 0xfdff),
  ...r(0xfe70, 0xfeff),
];
const DEVANAGARI = [...COMMON, ...r(0x900, 0x97f), ...r(0xa8e0, 0xa8ff), ...r(0x1cd0, 0x1cff), 0x20b9];
const JAPANESE = () => [
  ...COMMON,
  ...r(0x3000, 0x30ff),
  ...r(0x31f0, 0x31ff),
  ...r(0xff00, 0xffef),
  ...jisX0208(),
  // frequent kanji outside JIS X 0208 in names and addresses
  ...[0x9ad9, 0x5d0e, 0x5f45, 0x6801, 0x7422],
];

const FAMILIES = [
  { name: 'NotoSans', pkg: '@expo-google-fonts/noto-sans', file: 'NotoSans', chars: () => LATIN },
  { name: 'NotoSansArabic', pkg: '@expo-google-fonts/noto-sans-arabic', file: 'NotoSansArabic', chars: () => ARABIC },
  {
    name: 'NotoSansDevanagari',
    pkg: '@expo-google-fonts/noto-sans-devanagari',
    file: 'NotoSansDevanagari',
    chars: () => DEVANAGARI,
  },
  { name: 'NotoSansJP', pkg: '@expo-google-fonts/noto-sans-jp', file: 'NotoSansJP', chars: JAPANESE },
];
/** Committed font files copied as they are (no npm package carries them). */
const COPIED = ['LiberationSans-Regular.ttf', 'LiberationSans-Bold.ttf'].map((f) => ({
  src: path.join('fonts-src/liberation', f),
  out: path.join(OUT, f),
}));
const WEIGHTS = [
  ['Regular', '400Regular'],
  ['Bold', '700Bold'],
];

function sourcePath(fam, dir) {
  const pkgDir = path.dirname(require.resolve(`${fam.pkg}/package.json`));
  return path.join(pkgDir, dir, `${fam.file}_${dir}.ttf`);
}

export async function buildFonts({ quiet = false } = {}) {
  const jobs = FAMILIES.flatMap((fam) =>
    WEIGHTS.map(([weight, dir]) => ({
      fam,
      weight,
      src: sourcePath(fam, dir),
      out: path.join(OUT, `${fam.name}-${weight}.ttf`),
    })),
  );
  const stamp = createHash('sha256')
    .update(JSON.stringify({ VERSION, jobs: [...jobs, ...COPIED].map((j) => [j.out, readFileSync(j.src).length]) }))
    .digest('hex');
  const stampFile = path.join(OUT, '.stamp');
  if (
    existsSync(stampFile)
    && readFileSync(stampFile, 'utf8') === stamp
    && [...jobs, ...COPIED].every((j) => existsSync(j.out))
  )
    return;

  const { default: subsetFont } = await import('subset-font');
  mkdirSync(OUT, { recursive: true });
  for (const j of jobs) {
    const text = String.fromCodePoint(...new Set(j.fam.chars()));
    const bytes = await subsetFont(readFileSync(j.src), text, {
      targetFormat: 'sfnt',
      noHinting: true,
      dropTables: ['STAT', 'gasp'],
    });
    writeFileSync(j.out, bytes);
    if (!quiet) console.log(`fonts: ${j.out} ${(bytes.length / 1024).toFixed(0)} KiB`);
  }
  for (const [src, name] of [['@expo-google-fonts/noto-sans/LICENSE_FONT', 'OFL.txt']])
    copyFileSync(require.resolve(src), path.join(OUT, name));
  for (const j of COPIED) copyFileSync(j.src, j.out);
  copyFileSync('fonts-src/liberation/LICENSE', path.join(OUT, 'OFL-LiberationSans.txt'));
  writeFileSync(stampFile, stamp);
}

if (import.meta.url === `file://${process.argv[1]}`) await buildFonts();
