// Renders docs/gallery/: each template in English, Arabic/Hindi/Japanese in one template, a credit note, and a
// 100-item invoice (first and last page); then docs/gallery/legacy/ (render-legacy-gallery.ts).
// Run: npx tsx packages/pdf/test/render-gallery.ts
import path from 'node:path';
import { TEMPLATE_NAMES } from '@invoice/model';
import { repoRoot, shoot } from './helpers/gallery-shot.ts';
import { creditNoteInvoice, fullInvoice, manyItems } from './helpers/invoice-fixtures.ts';
import { renderLegacyGallery } from './render-legacy-gallery.ts';

const out = path.join(repoRoot, 'docs/gallery');
for (const t of TEMPLATE_NAMES) await shoot(out, `${t}-en`, fullInvoice('en', t));
await shoot(out, 'modern-ar', fullInvoice('ar', 'modern'));
await shoot(out, 'modern-hi', fullInvoice('hi', 'modern'));
await shoot(out, 'modern-ja', fullInvoice('ja', 'modern'));
await shoot(out, 'classic-credit-note-en', creditNoteInvoice('en', 'classic'));
await shoot(out, 'navy-credit-note-ar', creditNoteInvoice('ar', 'navy'));
const pages = await shoot(
  out,
  'classic-100-items',
  fullInvoice('en', 'classic', { items: manyItems(100) }),
  'first-last',
);
console.log(`gallery written to ${out}; 100-item invoice has ${pages} pages`);
await renderLegacyGallery();
