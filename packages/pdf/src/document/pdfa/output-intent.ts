/**
 * The PDF/A output intent (ISO 19005-3 6.2.3): the sRGB ICC profile every DeviceRGB and DeviceGray
 * colour of the page is interpreted against. The profile bytes come from the caller (the Worker
 * bundles them, scripts/build-color-profile.mjs), so this package stays free of files and fetches.
 */
import { type PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { zlibDeflate } from '../deflate.ts';

const CONDITION = 'sRGB IEC61966-2.1';

/** The caller passes the same profile bytes each time (the Worker's one constant): compress them once. */
const compressed = new WeakMap<Uint8Array, Uint8Array>();

export function addSrgbOutputIntent(doc: PDFDocument, iccProfile: Uint8Array): void {
  const ctx = doc.context;
  const data = compressed.get(iccProfile) ?? zlibDeflate(iccProfile);
  compressed.set(iccProfile, data);
  const profile = ctx.register(ctx.stream(data, { N: 3, Filter: 'FlateDecode' }));
  const intent = ctx.register(
    ctx.obj({
      Type: 'OutputIntent',
      S: 'GTS_PDFA1',
      OutputConditionIdentifier: PDFString.of(CONDITION),
      Info: PDFString.of(CONDITION),
      RegistryName: PDFString.of('http://www.color.org'),
      DestOutputProfile: profile,
    }),
  );
  doc.catalog.set(PDFName.of('OutputIntents'), ctx.obj([intent]));
}
