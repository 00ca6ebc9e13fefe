// Renders docs/gallery/legacy/: the six legacy templates (D11) in English, one in Arabic, one in ar-e, and the
// first two pages of a 100-item invoice. Run alone: npx tsx packages/pdf/test/render-legacy-gallery.ts
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LEGACY_TEMPLATE_NAMES } from '../src/index.ts';
import { repoRoot, shoot } from './helpers/gallery-shot.ts';
import { fullInvoice, manyItems } from './helpers/invoice-fixtures.ts';

export async function renderLegacyGallery(): Promise<void> {
  const out = path.join(repoRoot, 'docs/gallery/legacy');
  for (const template of LEGACY_TEMPLATE_NAMES)
    await shoot(out, `${template}-en`, fullInvoice('en', 'classic'), 'first', { template });
  await shoot(out, 'cool-waves-pro-ar', fullInvoice('ar', 'classic'), 'first', { template: 'cool-waves-pro' });
  // ar-e (D11): Arabic with Eastern Arabic digits in every number the service writes.
  await shoot(out, 'modern-right-ar-e', fullInvoice('ar', 'classic'), 'first', {
    template: 'modern-right',
    digits: 'arab',
  });
  const many = fullInvoice('en', 'classic', { items: manyItems(100) });
  await shoot(out, 'band-blue-pro-100-items', many, 'first-second', { template: 'band-blue-pro' });
  console.log(`legacy gallery written to ${out}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await renderLegacyGallery();
