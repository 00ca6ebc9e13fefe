// Generated assets the Worker bundles (fonts from npm font packages). Each step is skipped when up to date.
import { buildFonts } from './build-fonts.mjs';

export async function prepareAssets() {
  await buildFonts();
}

if (import.meta.url === `file://${process.argv[1]}`) await prepareAssets();
