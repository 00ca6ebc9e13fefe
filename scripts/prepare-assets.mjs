// Generated assets: the fonts the Worker bundles (from npm font packages; skipped when up to date), the sRGB
// ICC profile of Factur-X PDFs (from an npm package; skipped when unchanged), the web app's static files in
// web/dist (rebuilt each time: esbuild takes well under a second) with the SDK's tarball (its contract types
// from /openapi.json, packages/client/src/generated, decision S1, then dist/ and the packed package, decision
// S6; both skipped when unchanged), and the common-password list of the password rules
// (password-lists/, from an npm package; skipped when unchanged, issue 24).
import { buildColorProfile } from './build-color-profile.mjs';
import { buildCommonPasswords } from './build-common-passwords.mjs';
import { buildFonts } from './build-fonts.mjs';
import { buildWeb } from './build-web.mjs';

export async function prepareAssets() {
  await buildFonts();
  buildColorProfile();
  buildCommonPasswords();
  await buildWeb();
}

if (import.meta.url === `file://${process.argv[1]}`) await prepareAssets();
