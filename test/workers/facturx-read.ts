// Reads a Factur-X PDF inside workerd (no qpdf there): the embedded factur-x.xml, its file specification,
// the XMP and the trailer /ID, through @cantoo/pdf-lib's parser.
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  type PDFRef,
  PDFString,
} from '@cantoo/pdf-lib';

export interface FacturxParts {
  xml: string | undefined;
  afRelationship: string | undefined;
  listedInAf: boolean;
  xmp: string | undefined;
  id: string | undefined;
}

const asStream = (o: unknown) => (o instanceof PDFRawStream ? o : undefined);
const text = (stream: PDFRawStream) => new TextDecoder().decode(decodePDFRawStream(stream).decode());

export async function readFacturx(bytes: Uint8Array): Promise<FacturxParts> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const catalog = doc.catalog;
  const names = catalog.lookupMaybe(PDFName.of('Names'), PDFDict)?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  const list = names?.lookupMaybe(PDFName.of('Names'), PDFArray);
  let specRef: PDFRef | undefined;
  for (let i = 0; list && i + 1 < list.size(); i += 2) {
    const name = list.lookup(i);
    if ((name instanceof PDFString || name instanceof PDFHexString) && name.decodeText() === 'factur-x.xml')
      specRef = list.get(i + 1) as PDFRef;
  }
  const found = specRef && doc.context.lookup(specRef);
  const spec = found instanceof PDFDict ? found : undefined;
  const file = asStream(spec?.lookupMaybe(PDFName.of('EF'), PDFDict)?.lookup(PDFName.of('F')));
  const af = catalog.lookupMaybe(PDFName.of('AF'), PDFArray);
  const metadata = asStream(catalog.lookup(PDFName.of('Metadata')));
  const id = doc.context.trailerInfo.ID;
  const relationship = spec?.get(PDFName.of('AFRelationship'));
  return {
    xml: file ? text(file) : undefined,
    afRelationship: relationship instanceof PDFName ? relationship.decodeText() : undefined,
    listedInAf: !!af && af.asArray().some((r) => r === specRef),
    xmp: metadata ? text(metadata) : undefined,
    id: id instanceof PDFArray ? String(id.get(0)) : undefined,
  };
}
