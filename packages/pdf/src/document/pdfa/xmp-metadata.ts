/**
 * The XMP packet of a Factur-X PDF/A-3b: PDF/A identification, the Info dictionary's entries repeated
 * (ISO 19005-3 6.6.2.3: Info and XMP must agree, so both are written from the same values), the
 * Factur-X `fx:` fields and the PDF/A extension schema that declares them (an undeclared property
 * makes the file non-conforming).
 */
import { metadataText } from '../metadata-text.ts';

/** The values written both to the Info dictionary and to the XMP. */
export interface XmpDocumentInfo {
  title: string;
  author: string;
  subject: string;
  /** Space-separated, as pdf-lib writes the Info /Keywords; omitted when empty, like there. */
  keywords: string;
  creator: string;
  producer: string;
  /** CreationDate and ModDate alike (D14: from the invoice date, never the clock). */
  date: Date;
}

/** The Factur-X fields (Factur-X 1.0 spec, XMP extension schema). */
export const FACTURX_FIELDS = {
  DocumentFileName: 'factur-x.xml',
  DocumentType: 'INVOICE',
  Version: '1.0',
  ConformanceLevel: 'EN 16931',
} as const;

const FX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

const FX_PROPERTIES: [name: keyof typeof FACTURX_FIELDS, description: string][] = [
  ['DocumentFileName', 'The name of the embedded XML document'],
  ['DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'],
  ['Version', 'The actual version of the standard applying to the embedded XML document'],
  ['ConformanceLevel', 'The conformance level of the embedded XML document'],
];

/** XML text content: the metadata text both Info and XMP hold, markup characters escaped. */
function esc(text: string): string {
  return metadataText(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The XMP date of the same instant as pdf-lib's Info date `D:YYYYMMDDHHmmSSZ` (UTC, whole seconds). */
function xmpDate(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

function extensionSchema(): string {
  const props = FX_PROPERTIES.map(
    ([name, description]) => `            <rdf:li rdf:parseType="Resource">
              <pdfaProperty:name>${name}</pdfaProperty:name>
              <pdfaProperty:valueType>Text</pdfaProperty:valueType>
              <pdfaProperty:category>external</pdfaProperty:category>
              <pdfaProperty:description>${description}</pdfaProperty:description>
            </rdf:li>`,
  ).join('\n');
  return `    <rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
      <pdfaExtension:schemas>
        <rdf:Bag>
          <rdf:li rdf:parseType="Resource">
            <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
            <pdfaSchema:namespaceURI>${FX_NAMESPACE}</pdfaSchema:namespaceURI>
            <pdfaSchema:prefix>fx</pdfaSchema:prefix>
            <pdfaSchema:property>
              <rdf:Seq>
${props}
              </rdf:Seq>
            </pdfaSchema:property>
          </rdf:li>
        </rdf:Bag>
      </pdfaExtension:schemas>
    </rdf:Description>`;
}

/** The whole packet, UTF-8, with the standard xpacket wrapper (read-only end marker). */
export function facturxXmp(info: XmpDocumentInfo): string {
  const date = xmpDate(info.date);
  const fx = Object.entries(FACTURX_FIELDS)
    .map(([k, v]) => `      <fx:${k}>${v}</fx:${k}>`)
    .join('\n');
  return `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
  <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
    <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
      <pdfaid:part>3</pdfaid:part>
      <pdfaid:conformance>B</pdfaid:conformance>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <dc:format>application/pdf</dc:format>
      <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${esc(info.title)}</rdf:li></rdf:Alt></dc:title>
      <dc:creator><rdf:Seq><rdf:li>${esc(info.author)}</rdf:li></rdf:Seq></dc:creator>
      <dc:description><rdf:Alt><rdf:li xml:lang="x-default">${esc(info.subject)}</rdf:li></rdf:Alt></dc:description>
    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
      <pdf:Producer>${esc(info.producer)}</pdf:Producer>
${info.keywords ? `      <pdf:Keywords>${esc(info.keywords)}</pdf:Keywords>\n` : ''}    </rdf:Description>
    <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
      <xmp:CreatorTool>${esc(info.creator)}</xmp:CreatorTool>
      <xmp:CreateDate>${date}</xmp:CreateDate>
      <xmp:ModifyDate>${date}</xmp:ModifyDate>
      <xmp:MetadataDate>${date}</xmp:MetadataDate>
    </rdf:Description>
${extensionSchema()}
    <rdf:Description rdf:about="" xmlns:fx="${FX_NAMESPACE}">
${fx}
    </rdf:Description>
  </rdf:RDF>
</x:xmpmeta>
<?xpacket end="r"?>`;
}
