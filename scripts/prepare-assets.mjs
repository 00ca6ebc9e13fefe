// Generated assets the Worker bundles (fonts from npm font packages). Each step is skipped when up to date.
import { existsSync } from 'node:fs';

export async function prepareAssets() {
  if (existsSync('scripts/build-fonts.mjs')) {
    const { buildFonts } = await import('./build-fonts.mjs');
    await buildFonts();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await prepareAssets();
