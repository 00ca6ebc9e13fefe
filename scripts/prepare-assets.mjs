// Generated assets: the fonts the Worker bundles (from npm font packages; skipped when up to date), the sRGB
// ICC profile of Factur-X PDFs (from an npm package; skipped when unchanged) and the
// web app's static files in web/dist (rebuilt each time: esbuild takes well under a second).
import { buildColorProfile } from './build-color-profile.mjs';
import { buildFonts } from './build-fonts.mjs';
import { buildWeb } from './build-web.mjs';

export async function prepareAssets() {
  await buildFonts();
  buildColorProfile();
  await buildWeb();
}

if (import.meta.url === `file://${process.argv[1]}`) await prepareAssets();
