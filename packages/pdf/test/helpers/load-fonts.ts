/** Node-side twin of workers/pdf/font-files.ts: the same font files (and HarfBuzz wasm bytes) from disk. */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const require = createRequire(import.meta.url);

let cached: { fontFiles: Record<string, Uint8Array>; harfbuzzWasm: Uint8Array } | undefined;

export function loadFontFiles(): { fontFiles: Record<string, Uint8Array>; harfbuzzWasm: Uint8Array } {
  if (cached) return cached;
  const dir = path.join(root, 'fonts');
  const fontFiles: Record<string, Uint8Array> = {};
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith('.ttf'))
    .sort())
    fontFiles[f] = new Uint8Array(readFileSync(path.join(dir, f)));
  const harfbuzzWasm = new Uint8Array(readFileSync(require.resolve('harfbuzzjs/dist/harfbuzz.wasm')));
  cached = { fontFiles, harfbuzzWasm };
  return cached;
}
