// Generated assets: the fonts the Worker bundles (from npm font packages; skipped when up to date), the
// web app's static files in web/dist (rebuilt each time: esbuild takes well under a second) and the SDK's
// contract types from /openapi.json (packages/client/src/generated, decision S1).
import { buildClientTypes } from './build-client-types.mjs';
import { buildFonts } from './build-fonts.mjs';
import { buildWeb } from './build-web.mjs';

export async function prepareAssets() {
  await buildFonts();
  await buildWeb();
  await buildClientTypes();
}

if (import.meta.url === `file://${process.argv[1]}`) await prepareAssets();
