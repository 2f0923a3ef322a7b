import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
  type PDFObject,
} from 'pdf-lib';

// Reads back what the invoice PDF tests check: the catalog's parts, the decoded streams, and the
// text of each page (content streams' hex strings mapped through each font's ToUnicode CMap, the
// way pdf-lib writes them: one <hex> Tj per drawn text).

export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(bytes, { updateMetadata: false });
}

export function streamBytes(stream: PDFObject | undefined): Uint8Array {
  if (stream instanceof PDFRawStream) return decodePDFRawStream(stream).decode();
  throw new Error('not a raw stream');
}

export const latin1 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('latin1');
export const utf8 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('utf8');

export function lookupDict(pdf: PDFDocument, object: PDFObject | undefined): PDFDict {
  const resolved = object instanceof PDFRef ? pdf.context.lookup(object) : object;
  if (!(resolved instanceof PDFDict)) throw new Error('not a dictionary');
  return resolved;
}

export function nameOf(object: PDFObject | undefined): string | undefined {
  return object instanceof PDFName ? object.decodeText() : undefined;
}

export function textOf(object: PDFObject | undefined): string | undefined {
  return object instanceof PDFString || object instanceof PDFHexString ? object.decodeText() : undefined;
}

/** Every dictionary (streams' dictionaries too) among the document's indirect objects. */
export function allDicts(pdf: PDFDocument): PDFDict[] {
  return pdf.context
    .enumerateIndirectObjects()
    .map(([, object]) => (object instanceof PDFStream ? object.dict : object))
    .filter((object): object is PDFDict => object instanceof PDFDict);
}

function toUnicodeMap(pdf: PDFDocument, font: PDFDict): Map<string, string> {
  const map = new Map<string, string>();
  const cmap = latin1(streamBytes(pdf.context.lookup(font.get(PDFName.of('ToUnicode')))));
  for (const [, code, unicode] of cmap.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
    const units: number[] = [];
    for (let i = 0; i < unicode!.length; i += 4) units.push(parseInt(unicode!.slice(i, i + 4), 16));
    map.set(code!.toLowerCase().padStart(4, '0'), String.fromCharCode(...units));
  }
  return map;
}

/** Each page's drawn texts, one entry per drawText, non-breaking spaces as plain spaces. */
export function pageTexts(pdf: PDFDocument): string[][] {
  return pdf.getPages().map((page) => {
    const fonts = lookupDict(pdf, page.node.Resources()?.get(PDFName.of('Font')));
    const maps = new Map<string, Map<string, string>>();
    for (const [name, ref] of fonts.entries()) maps.set(name.decodeText(), toUnicodeMap(pdf, lookupDict(pdf, ref)));
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => pdf.context.lookup(r)) : [contents];
    const texts: string[] = [];
    for (const stream of streams) {
      const ops = latin1(streamBytes(stream));
      let current: Map<string, string> | undefined;
      for (const [, font, hex] of ops.matchAll(/\/(\S+)\s+[\d.]+\s+Tf|<([0-9a-fA-F]*)>\s*Tj/g)) {
        if (font) current = maps.get(font);
        else if (hex !== undefined && current) {
          let text = '';
          for (let i = 0; i < hex.length; i += 4) text += current.get(hex.slice(i, i + 4).toLowerCase()) ?? '\uFFFD';
          texts.push(text.replace(/\u00a0/g, ' '));
        }
      }
    }
    return texts;
  });
}
