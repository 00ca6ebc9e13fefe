/** Factur-X renders for the tests: the full invoice with country codes (EN 16931 needs them), its CII and the sRGB profile. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderInvoiceCii } from '@invoice/cii';
import type { ResolvedInvoice } from '@invoice/model';
import { renderInvoicePdf } from '../../src/index.ts';
import { fonts, fullInvoice, resolve } from './invoice-fixtures.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** color-profiles/, written by scripts/build-color-profile.mjs (the Worker bundles the same file). */
const srgbProfile = (): Uint8Array => new Uint8Array(readFileSync(path.join(root, 'color-profiles/sRGB2014.icc')));

/** fullInvoice with the seller in GB and the buyer in DE. */
export function facturxInvoice(
  language: string,
  template: string,
  extra: Record<string, unknown> = {},
): ResolvedInvoice {
  const body = fullInvoice(language, template);
  return resolve({
    ...body,
    from: { ...(body.from as Record<string, unknown>), country: 'GB' },
    to: { ...(body.to as Record<string, unknown>), country: 'DE' },
    ...extra,
  });
}

const QR = { text: 'https://invoices.example/api/i/AbCdEfGhIjKlMnOpQrStUv?t=sig' };

export function renderFacturx(
  invoice: ResolvedInvoice,
  images?: { logo?: Uint8Array; signature?: Uint8Array },
): Promise<Uint8Array> {
  return renderInvoicePdf(invoice, {
    fonts: fonts(),
    qr: QR,
    images,
    facturx: { xml: renderInvoiceCii(invoice), iccProfile: srgbProfile() },
  });
}

export function renderPlain(
  invoice: ResolvedInvoice,
  images?: { logo?: Uint8Array; signature?: Uint8Array },
): Promise<Uint8Array> {
  return renderInvoicePdf(invoice, { fonts: fonts(), qr: QR, images });
}
