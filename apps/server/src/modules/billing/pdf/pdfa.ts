import { createHash } from 'node:crypto';
import { AFRelationship, PDFHexString, PDFName, PDFString, type PDFDocument } from 'pdf-lib';
import { srgbIccProfile, srgbProfileDescription } from './srgb-icc.js';

// What makes the invoice PDF a PDF/A-3b with a Factur-X / ZUGFeRD invoice inside
// (docs/billing.md#the-pdf): XMP metadata naming PDF/A-3 conformance B and the Factur-X
// properties (with the PDF/A extension schema that declares them), an info dictionary that says
// the same, an sRGB OutputIntent, a document ID, and the CII XML as the associated file
// factur-x.xml (catalog /AF). Fonts are embedded by the caller (invoice-pdf.ts).

export const FACTUR_X_FILE_NAME = 'factur-x.xml';
const FACTUR_X_NS = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';
const PRODUCER = 'pdf-lib';
const CREATOR_TOOL = 'Service portal invoice PDF';

export interface PdfaDescription {
  title: string;
  author: string;
  subject: string;
  /** BCP 47 language of the text, e.g. de-DE. */
  lang: string;
  /** Creation and modification time (the invoice's issue date: the same input gives the same bytes). */
  date: Date;
  /** What the attachment is, in the document's language. */
  attachmentDescription: string;
}

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** 2026-11-02T00:00:00Z, as XMP dates are written (the info dictionary's D:… says the same). */
const xmpDate = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** uuid form of the first 16 bytes of a hex digest. */
const uuidOf = (hex: string): string =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;

function facturXProperty(name: string, description: string): string {
  return `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`;
}

/** The XMP packet (UTF-8, with byte order mark in the xpacket header as XMP requires). */
export function xmpMetadata(d: PdfaDescription, documentId: string): string {
  const date = xmpDate(d.date);
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
<pdfaid:part>3</pdfaid:part>
<pdfaid:conformance>B</pdfaid:conformance>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:format>application/pdf</dc:format>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(d.title)}</rdf:li></rdf:Alt></dc:title>
<dc:creator><rdf:Seq><rdf:li>${escapeXml(d.author)}</rdf:li></rdf:Seq></dc:creator>
<dc:description><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(d.subject)}</rdf:li></rdf:Alt></dc:description>
<dc:language><rdf:Bag><rdf:li>${escapeXml(d.lang)}</rdf:li></rdf:Bag></dc:language>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
<pdf:Producer>${PRODUCER}</pdf:Producer>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
<xmp:CreatorTool>${CREATOR_TOOL}</xmp:CreatorTool>
<xmp:CreateDate>${date}</xmp:CreateDate>
<xmp:ModifyDate>${date}</xmp:ModifyDate>
<xmp:MetadataDate>${date}</xmp:MetadataDate>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/">
<xmpMM:DocumentID>uuid:${documentId}</xmpMM:DocumentID>
<xmpMM:InstanceID>uuid:${documentId}</xmpMM:InstanceID>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">
<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
<pdfaSchema:namespaceURI>${FACTUR_X_NS}</pdfaSchema:namespaceURI>
<pdfaSchema:prefix>fx</pdfaSchema:prefix>
<pdfaSchema:property><rdf:Seq>
${facturXProperty('DocumentFileName', 'The name of the embedded XML document')}
${facturXProperty('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER')}
${facturXProperty('Version', 'The actual version of the standard applying to the embedded XML document')}
${facturXProperty('ConformanceLevel', 'The conformance level of the embedded XML document')}
</rdf:Seq></pdfaSchema:property>
</rdf:li></rdf:Bag></pdfaExtension:schemas>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:fx="${FACTUR_X_NS}">
<fx:DocumentType>INVOICE</fx:DocumentType>
<fx:DocumentFileName>${FACTUR_X_FILE_NAME}</fx:DocumentFileName>
<fx:Version>1.0</fx:Version>
<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/**
 * Makes a document PDF/A-3b with the XML attached; call after the pages are drawn and before
 * saving (save with useObjectStreams: false, so that the ID stands in a classic trailer).
 */
export async function makePdfA3(pdf: PDFDocument, d: PdfaDescription, ciiXml: string): Promise<void> {
  const xmlBytes = new TextEncoder().encode(ciiXml);
  const digest = createHash('sha256').update(d.title).update('\n').update(xmlBytes).digest('hex');
  const documentId = uuidOf(digest);
  const { context, catalog } = pdf;

  // Info dictionary, the same values as the XMP.
  pdf.setTitle(d.title, { showInWindowTitleBar: true });
  pdf.setAuthor(d.author);
  pdf.setSubject(d.subject);
  pdf.setCreator(CREATOR_TOOL);
  pdf.setProducer(PRODUCER);
  pdf.setCreationDate(d.date);
  pdf.setModificationDate(d.date);
  pdf.setLanguage(d.lang);

  const xmp = context.stream(new TextEncoder().encode(xmpMetadata(d, documentId)), {
    Type: 'Metadata',
    Subtype: 'XML',
  });
  catalog.set(PDFName.of('Metadata'), context.register(xmp));

  const profile = context.flateStream(srgbIccProfile(), { N: 3 });
  const outputIntent = context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of(srgbProfileDescription),
    Info: PDFString.of(srgbProfileDescription),
    RegistryName: PDFString.of('http://www.color.org'),
    DestOutputProfile: context.register(profile),
  });
  catalog.set(PDFName.of('OutputIntents'), context.obj([context.register(outputIntent)]));

  const id = PDFHexString.of(digest.slice(0, 32));
  context.trailerInfo.ID = context.obj([id, id]);

  await pdf.attach(xmlBytes, FACTUR_X_FILE_NAME, {
    mimeType: 'text/xml',
    description: d.attachmentDescription,
    creationDate: d.date,
    modificationDate: d.date,
    afRelationship: AFRelationship.Alternative,
  });
}
