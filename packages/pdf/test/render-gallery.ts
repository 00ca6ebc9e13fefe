// Renders docs/gallery/: each template in English, Arabic/Hindi/Japanese in one template, a credit note, a
// 100-item invoice (first and last page), the payment codes of issue 23 (the Swiss QR-bill's last page in each
// template and in Arabic, a sepa and a zatca invoice); then docs/gallery/legacy/ (render-legacy-gallery.ts).
// Run: npx tsx packages/pdf/test/render-gallery.ts
import path from 'node:path';
import { TEMPLATE_NAMES } from '@invoice/model';
import { repoRoot, shoot } from './helpers/gallery-shot.ts';
import { creditNoteInvoice, fullInvoice, manyItems, swissInvoice } from './helpers/invoice-fixtures.ts';
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
// issue 23: the payment part and receipt of the Swiss QR-bill, one language per template, and Arabic
for (const [t, language] of [
  ['classic', 'de'],
  ['modern', 'fr'],
  ['bold', 'it'],
  ['minimal', 'en'],
  ['navy', 'en'],
  ['modern', 'ar'],
] as const)
  await shoot(out, `payment-swiss-${t}-${language}`, swissInvoice(language, t), 'last');
const sepa = fullInvoice('de', 'classic') as Record<string, Record<string, unknown>>;
await shoot(out, 'payment-sepa-classic-de', {
  ...sepa,
  invoice: { ...sepa.invoice, currency: 'EUR' },
  payment: {
    ...sepa.payment,
    iban: 'DE89 3704 0044 0532 0130 00',
    reference: 'RF18 5390 0754 7034',
    qr: { type: 'sepa' },
  },
});
const zatca = fullInvoice('ar', 'modern') as Record<string, Record<string, unknown>>;
await shoot(
  out,
  'payment-zatca-modern-ar',
  {
    ...zatca,
    from: { ...zatca.from, tax_id: '310122393500003' },
    invoice: { ...zatca.invoice, currency: 'SAR' },
    payment: { ...zatca.payment, qr: { type: 'zatca' } },
  },
  'last',
);
console.log(`gallery written to ${out}; 100-item invoice has ${pages} pages`);
await renderLegacyGallery();
