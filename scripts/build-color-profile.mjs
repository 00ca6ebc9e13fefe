// Writes the sRGB ICC profile of the Factur-X PDF/A output intent into color-profiles/: the ICC's own
// sRGB2014 v2 profile (3 KB; "may be copied, distributed, embedded, made, used, and sold without
// restriction"), as shipped by the pdfkit npm package (MIT) for its PDF/A support. The Worker bundles it
// as a Data module (wrangler.toml rule for *.icc); nothing is fetched at run time.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const OUT = 'color-profiles';
// pdfkit's exports map hides its data files: resolve the CommonJS entry (js/pdfkit.js) and go from there.
const SOURCE = path.join(path.dirname(require.resolve('pdfkit')), 'data', 'sRGB_IEC61966_2_1.icc');
const SRGB_PROFILE = path.join(OUT, 'sRGB2014.icc');

export function buildColorProfile({ quiet = false } = {}) {
  const bytes = readFileSync(SOURCE);
  // An ICC header: size at 0, 'mntr' class, 'RGB ' space, 'acsp' signature.
  const ascii = (at) => bytes.subarray(at, at + 4).toString('latin1');
  if (bytes.readUInt32BE(0) !== bytes.length || ascii(12) !== 'mntr' || ascii(16) !== 'RGB ' || ascii(36) !== 'acsp')
    throw new Error(`${SOURCE} is not an RGB display ICC profile`);
  if (existsSync(SRGB_PROFILE) && readFileSync(SRGB_PROFILE).equals(bytes)) return;
  mkdirSync(OUT, { recursive: true });
  writeFileSync(SRGB_PROFILE, bytes);
  if (!quiet) console.log(`color profile: ${SRGB_PROFILE} ${bytes.length} bytes`);
}

if (import.meta.url === `file://${process.argv[1]}`) buildColorProfile();
