/**
 * The associated file of a PDF/A-3 (ISO 19005-3 6.8): the embedded stream with its MIME subtype and
 * parameters, the file specification with /AFRelationship, listed both in the catalog's
 * /Names /EmbeddedFiles (how readers find attachments) and in the catalog's /AF (what PDF/A-3 requires).
 */
import { type PDFDocument, PDFHexString, PDFName, PDFString } from '@cantoo/pdf-lib';
import { zlibDeflate } from '../deflate.ts';

export interface AssociatedFile {
  name: string;
  /** MIME type, written as the stream's /Subtype name (`text/xml` becomes /text#2Fxml). */
  mimeType: string;
  bytes: Uint8Array;
  description: string;
  /** docs/decisions.md E2: /Alternative for the Factur-X EN 16931 XML. */
  relationship: 'Alternative' | 'Data' | 'Source';
  /** /Params /ModDate: fixed by the caller (D14), never the clock. */
  modDate: Date;
}

export function attachAssociatedFile(doc: PDFDocument, file: AssociatedFile): void {
  const ctx = doc.context;
  const stream = ctx.register(
    ctx.stream(zlibDeflate(file.bytes), {
      Filter: 'FlateDecode',
      Type: 'EmbeddedFile',
      Subtype: file.mimeType,
      Params: { ModDate: PDFString.fromDate(file.modDate), Size: file.bytes.length },
    }),
  );
  const spec = ctx.register(
    ctx.obj({
      Type: 'Filespec',
      F: PDFString.of(file.name),
      UF: PDFHexString.fromText(file.name),
      Desc: PDFString.of(file.description),
      AFRelationship: file.relationship,
      EF: { F: stream, UF: stream },
    }),
  );
  // The document has no other name trees: this one is the whole /Names dictionary.
  const names = ctx.obj({ EmbeddedFiles: { Names: [PDFString.of(file.name), spec] } });
  doc.catalog.set(PDFName.of('Names'), names);
  doc.catalog.set(PDFName.of('AF'), ctx.obj([spec]));
}
