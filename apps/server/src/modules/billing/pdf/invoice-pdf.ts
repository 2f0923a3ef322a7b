import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { InvoiceDocument, InvoiceLine, PostalAddress } from '../invoice-document.js';
import { invoiceTotals } from '../invoice-amounts.js';
import { invoiceFonts } from './fonts.js';
import {
  countryName,
  formatDate,
  formatMoney,
  formatPeriod,
  formatQuantity,
  formatVatRate,
  pdfText,
  type InvoicePdfTextKey,
  type PdfLanguage,
} from './format.js';
import { makePdfA3 } from './pdfa.js';

// The invoice or credit note as a PDF/A-3b on A4 with its CII XML embedded as factur-x.xml
// (docs/billing.md#the-pdf). A pure function of its inputs: no database, no clock (the PDF's
// dates are the issue date), no shared state but the font bytes read once per thread, so it
// can run in a worker thread. Layout: DIN 5008 form B (address field 45 mm from the top,
// 20 mm from the left), the seller's legal data (§14 UStG) in every page's footer.

/** More lines than an invoice run ever makes; a guard against a runaway caller. */
export const MAX_PDF_LINES = 2000;

const MM = 72 / 25.4;
const PAGE_W = 595.28;
const PAGE_H = 841.89;
const LEFT = 25 * MM;
const RIGHT = PAGE_W - 20 * MM;
const WIDTH = RIGHT - LEFT;
/** Lowest baseline of the page's content; the page number and footer lie below. */
const CONTENT_BOTTOM = 42 * MM;
const CONTINUATION_TOP = 30 * MM;

const INK = rgb(0.13, 0.13, 0.15);
const MUTED = rgb(0.4, 0.4, 0.44);
const RULE = rgb(0.78, 0.78, 0.8);
const LIGHT_RULE = rgb(0.9, 0.9, 0.91);

const BODY = 9;
const TABLE = 8;
const TABLE_LEAD = 10;
const SMALL = 7;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  /** Code points both fonts have a glyph for; anything else is drawn as "?" (PDF/A forbids .notdef). */
  charset: Set<number>;
}

interface Column {
  key: InvoicePdfTextKey;
  width: number;
  align: 'left' | 'right';
}

const columns: Column[] = [
  { key: 'colService', width: 36 * MM, align: 'left' },
  { key: 'colProject', width: 24 * MM, align: 'left' },
  { key: 'colPeriod', width: 28 * MM, align: 'left' },
  { key: 'colQuantity', width: 16 * MM, align: 'right' },
  { key: 'colUnit', width: 14 * MM, align: 'left' },
  { key: 'colPrice', width: 25 * MM, align: 'right' },
  { key: 'colNet', width: WIDTH - 143 * MM, align: 'right' },
];
const CELL_PAD = 2;

/** Text as the fonts can draw it: control characters become spaces, missing glyphs "?". */
function clean(fonts: Fonts, text: string): string {
  let out = '';
  for (const ch of text.slice(0, 400)) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) out += ' ';
    else out += fonts.charset.has(cp) ? ch : '?';
  }
  return out;
}

/** Greedy word wrap into at most maxLines lines; the last one ends in "…" when text is left. */
function wrap(text: string, font: PDFFont, size: number, width: number, maxLines: number): string[] {
  const fits = (s: string): boolean => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  let current = '';
  let truncated = false;
  const push = (line: string): boolean => {
    if (lines.length === maxLines) {
      truncated = true;
      return false;
    }
    lines.push(line);
    return true;
  };
  for (let word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current && !push(current)) break;
    // A word wider than the column is cut where it stops fitting (scanning forward: bounded by the width).
    while (!fits(word) && word.length > 1) {
      let cut = 1;
      while (cut < word.length - 1 && fits(word.slice(0, cut + 1))) cut++;
      if (!push(word.slice(0, cut))) break;
      word = word.slice(cut);
    }
    current = truncated ? '' : word;
    if (truncated) break;
  }
  if (current) push(current);
  if (truncated && lines.length > 0) {
    let last = lines[lines.length - 1]!;
    while (last && !fits(`${last}…`)) last = last.slice(0, -1);
    lines[lines.length - 1] = `${last}…`;
  }
  return lines.length > 0 ? lines : [''];
}

class Layout {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  /** Distance of the next baseline from the top of the page. */
  top = 0;

  constructor(
    readonly pdf: PDFDocument,
    readonly doc: InvoiceDocument,
    readonly fonts: Fonts,
  ) {}

  get lang(): PdfLanguage {
    return this.doc.language;
  }

  t(key: InvoicePdfTextKey, values?: Record<string, string>): string {
    return pdfText(this.lang, key, values);
  }

  newPage(): void {
    this.page = this.pdf.addPage([PAGE_W, PAGE_H]);
    this.pages.push(this.page);
    this.top = 0;
  }

  text(
    text: string,
    x: number,
    top: number,
    options: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; align?: 'left' | 'right'; width?: number } = {},
  ): void {
    const font = options.font ?? this.fonts.regular;
    const size = options.size ?? BODY;
    const s = clean(this.fonts, text);
    const w = font.widthOfTextAtSize(s, size);
    const left = options.align === 'right' ? x + (options.width ?? 0) - w : x;
    this.page.drawText(s, { x: left, y: PAGE_H - top, font, size, color: options.color ?? INK });
  }

  rule(top: number, x1 = LEFT, x2 = RIGHT, color = RULE, thickness = 0.5): void {
    this.page.drawLine({ start: { x: x1, y: PAGE_H - top }, end: { x: x2, y: PAGE_H - top }, thickness, color });
  }

  /** Wrapped paragraph from the current position; starts a new page when it does not fit. */
  paragraph(text: string, options: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb> } = {}): void {
    const font = options.font ?? this.fonts.regular;
    const size = options.size ?? BODY;
    const lead = size * 1.35;
    const lines = wrap(clean(this.fonts, text), font, size, WIDTH, 12);
    this.ensure(lines.length * lead);
    for (const line of lines) {
      this.top += lead;
      this.text(line, LEFT, this.top, { font, size, color: options.color });
    }
  }

  /** A new (continuation) page when `height` no longer fits above the footer. */
  ensure(height: number): boolean {
    if (this.top + height <= PAGE_H - CONTENT_BOTTOM) return false;
    this.continuationPage();
    return true;
  }

  continuationPage(): void {
    this.newPage();
    this.text(this.doc.seller.name, LEFT, 15 * MM, { font: this.fonts.bold, size: BODY });
    this.text(`${this.title()} ${this.doc.number} – ${this.t('continued')}`, LEFT, 15 * MM, {
      size: BODY,
      color: MUTED,
      align: 'right',
      width: WIDTH,
    });
    this.rule(18 * MM, LEFT, RIGHT, LIGHT_RULE);
    this.top = CONTINUATION_TOP - 6 * MM;
  }

  title(): string {
    return this.t(this.doc.typeCode === '381' ? 'creditNoteTitle' : 'invoiceTitle');
  }

  addressLines(address: PostalAddress, withCountry: boolean): string[] {
    const lines = [address.street, `${address.postcode} ${address.city}`];
    if (withCountry) lines.push(countryName(this.lang, address.country).toUpperCase());
    return lines;
  }
}

function firstPage(l: Layout): void {
  const { doc, fonts } = l;
  const { seller, buyer } = doc;
  l.newPage();

  // Letterhead.
  l.text(seller.name, LEFT, 20 * MM, { font: fonts.bold, size: 15 });
  const sellerAddress = [...l.addressLines(seller.address, false), countryName(l.lang, seller.address.country)].join(' · ');
  l.text(sellerAddress, LEFT, 26 * MM, { size: 8.5, color: MUTED });
  l.text([seller.contact.email, seller.contact.phone].join(' · '), LEFT, 30.5 * MM, { size: 8.5, color: MUTED });
  l.rule(35 * MM, LEFT, RIGHT, LIGHT_RULE);

  // DIN 5008 form B address field: return line, then the recipient from 62.7 mm.
  const returnLine = [seller.name, seller.address.street, `${seller.address.postcode} ${seller.address.city}`].join(' · ');
  l.text(wrap(clean(fonts, returnLine), fonts.regular, SMALL, 80 * MM, 1)[0]!, LEFT, 52 * MM, { size: SMALL, color: MUTED });
  l.rule(53.5 * MM, LEFT, LEFT + 80 * MM, LIGHT_RULE, 0.4);
  const recipient = [
    ...wrap(clean(fonts, buyer.name), fonts.regular, 10, 80 * MM, 2),
    ...l.addressLines(buyer.address, buyer.address.country.toUpperCase() !== seller.address.country.toUpperCase()),
  ];
  recipient.forEach((line, i) => l.text(line, LEFT, 62.7 * MM + 4 + i * 13, { size: 10 }));

  // Information block beside the address field.
  const credit = doc.typeCode === '381';
  const info: [InvoicePdfTextKey, string][] = [
    [credit ? 'creditNoteNumber' : 'invoiceNumber', doc.number],
    ['issueDate', formatDate(l.lang, doc.issueDate)],
  ];
  if (!credit) info.push(['dueDate', formatDate(l.lang, doc.dueDate)]);
  info.push(['period', formatPeriod(l.lang, doc.period)]);
  if (doc.precedingInvoice) info.push(['correctedInvoice', doc.precedingInvoice.number]);
  if (buyer.buyerReference?.trim()) info.push(['buyerReference', buyer.buyerReference]);
  if (buyer.purchaseOrderRef?.trim()) info.push(['purchaseOrder', buyer.purchaseOrderRef]);
  if (buyer.vatId?.trim()) info.push(['buyerVatId', buyer.vatId]);
  const infoX = 120 * MM;
  const valueX = infoX + 32 * MM;
  info.forEach(([key, value], i) => {
    const top = 52 * MM + i * 4.6 * MM;
    l.text(l.t(key), infoX, top, { size: 8, color: MUTED });
    l.text(wrap(clean(fonts, value), fonts.regular, 8.5, RIGHT - valueX, 1)[0]!, valueX, top, { size: 8.5 });
  });

  // Title and opening sentence.
  l.text(`${l.title()} ${doc.number}`, LEFT, 103 * MM, { font: fonts.bold, size: 15 });
  l.top = 106 * MM;
  if (credit && doc.precedingInvoice) {
    l.paragraph(
      l.t('creditIntro', {
        number: doc.precedingInvoice.number,
        date: formatDate(l.lang, doc.precedingInvoice.issueDate),
      }),
    );
  } else {
    l.paragraph(l.t('intro', { period: formatPeriod(l.lang, doc.period) }));
  }
  l.top += 5 * MM;
}

function lineCells(l: Layout, line: InvoiceLine): string[] {
  const kind = { usage: 'kindUsage', monthly: 'kindMonthly', single: 'kindSingle' } as const;
  let unit: string;
  if (line.kind === 'usage') unit = l.t('unitCalls');
  else if (line.unitCode === 'MON') unit = l.t(line.quantity === 1 ? 'unitMonth' : 'unitMonths');
  else unit = l.t('unitFlat');
  const price = formatMoney(l.lang, line.netPriceCents);
  return [
    `${line.serviceName} – ${l.t(kind[line.kind])}`,
    line.projectName,
    formatPeriod(l.lang, line.period),
    formatQuantity(l.lang, line.quantity),
    unit,
    line.baseQuantity === 1 ? price : l.t('pricePer', { price, base: formatQuantity(l.lang, line.baseQuantity) }),
    formatMoney(l.lang, line.netCents),
  ];
}

function tableHeader(l: Layout): void {
  const { fonts } = l;
  l.top += TABLE_LEAD;
  let x = LEFT;
  for (const column of columns) {
    l.text(l.t(column.key), x + CELL_PAD, l.top, {
      font: fonts.bold,
      size: TABLE,
      align: column.align,
      width: column.width - 2 * CELL_PAD,
    });
    x += column.width;
  }
  l.top += 4;
  l.rule(l.top, LEFT, RIGHT, RULE, 0.7);
}

function table(l: Layout): void {
  const { fonts, doc } = l;
  tableHeader(l);
  for (const line of doc.lines) {
    const cells = lineCells(l, line).map((cell, i) =>
      wrap(clean(fonts, cell), fonts.regular, TABLE, columns[i]!.width - 2 * CELL_PAD, 3),
    );
    const rows = Math.max(...cells.map((c) => c.length));
    const height = rows * TABLE_LEAD + 5;
    if (l.ensure(height)) tableHeader(l);
    let x = LEFT;
    cells.forEach((cellLines, i) => {
      const column = columns[i]!;
      cellLines.forEach((text, j) =>
        l.text(text, x + CELL_PAD, l.top + TABLE_LEAD + j * TABLE_LEAD, {
          size: TABLE,
          align: column.align,
          width: column.width - 2 * CELL_PAD,
        }),
      );
      x += column.width;
    });
    l.top += height;
    l.rule(l.top, LEFT, RIGHT, LIGHT_RULE, 0.4);
  }
}

function totalsBlock(l: Layout): void {
  const { doc, fonts } = l;
  const totals = invoiceTotals(doc.lines, doc.vat);
  const rows: { label: string; amount: string; strong?: boolean; ruleAbove?: boolean }[] = [
    { label: l.t('netTotal'), amount: formatMoney(l.lang, totals.taxBasisCents) },
    ...totals.breakdown.map((b) => ({
      label:
        b.category === 'O'
          ? l.t('vatNotSubject', { basis: formatMoney(l.lang, b.basisCents) })
          : l.t('vatLine', { rate: formatVatRate(l.lang, b.rateHundredths), basis: formatMoney(l.lang, b.basisCents) }),
      amount: formatMoney(l.lang, b.vatCents),
    })),
    { label: l.t('grossTotal'), amount: formatMoney(l.lang, totals.grandTotalCents), ruleAbove: true },
    {
      label: l.t(doc.typeCode === '381' ? 'amountRefunded' : 'amountDue'),
      amount: formatMoney(l.lang, totals.duePayableCents),
      strong: true,
    },
  ];
  const lead = 14;
  l.ensure(rows.length * lead + 6 * MM);
  l.top += 4 * MM;
  const x = 100 * MM;
  for (const row of rows) {
    if (row.ruleAbove) l.rule(l.top + 3, x, RIGHT, RULE, 0.7);
    l.top += lead;
    const font = row.strong ? fonts.bold : fonts.regular;
    const size = row.strong ? 10 : BODY;
    l.text(row.label, x, l.top, { font, size });
    l.text(row.amount, x, l.top, { font, size, align: 'right', width: RIGHT - x });
  }
}

function notesAndPayment(l: Layout): void {
  const { doc, fonts } = l;
  const totals = invoiceTotals(doc.lines, doc.vat);
  if (doc.vat.note) {
    l.top += 5 * MM;
    l.ensure(30);
    l.paragraph(l.t('notesHeading'), { font: fonts.bold });
    // The legal wording stands in German (with its English) in both languages (vat.ts).
    l.paragraph(doc.vat.note);
  }
  l.top += 5 * MM;
  l.ensure(50);
  l.paragraph(l.t('paymentHeading'), { font: fonts.bold });
  const amount = formatMoney(l.lang, totals.duePayableCents);
  if (doc.typeCode === '381') {
    l.paragraph(l.t('refund', { amount }));
    return;
  }
  l.paragraph(l.t('paymentTerms', { amount, date: formatDate(l.lang, doc.dueDate), number: doc.number }));
  const { bank } = doc.seller;
  const bankLine = [
    `${l.t('iban')} ${bank.iban}`,
    bank.bic ? `${l.t('bic')} ${bank.bic}` : null,
    bank.bankName ? `${l.t('bankName')} ${bank.bankName}` : null,
  ].filter((part): part is string => part !== null);
  l.paragraph(bankLine.join(' · '));
}

/** Seller's legal data and the page number on every page (after layout: the page count is known). */
function footers(l: Layout): void {
  const { doc, fonts } = l;
  const { seller } = doc;
  const columnsText: string[][] = [
    [seller.name, ...l.addressLines(seller.address, false), countryName(l.lang, seller.address.country)],
    [
      seller.contact.email,
      seller.contact.phone,
      seller.register ?? '',
      seller.managingDirectors.length > 0 ? `${l.t('managingDirectors')}: ${seller.managingDirectors.join(', ')}` : '',
    ],
    [
      seller.vatId ? `${l.t('sellerVatId')} ${seller.vatId}` : '',
      seller.taxNumber ? `${l.t('taxNumber')} ${seller.taxNumber}` : '',
      `${l.t('iban')} ${seller.bank.iban}`,
      [seller.bank.bic ? `${l.t('bic')} ${seller.bank.bic}` : '', seller.bank.bankName ?? ''].filter(Boolean).join(' · '),
    ],
  ].map((lines) => lines.filter((line) => line.trim() !== ''));
  const colWidth = WIDTH / 3;
  const pages = String(l.pages.length);
  l.pages.forEach((page, index) => {
    l.page = page;
    l.text(l.t('page', { page: String(index + 1), pages }), LEFT, PAGE_H - 36 * MM, {
      size: 8,
      color: MUTED,
      align: 'right',
      width: WIDTH,
    });
    l.rule(PAGE_H - 32 * MM, LEFT, RIGHT, LIGHT_RULE);
    columnsText.forEach((lines, c) => {
      const x = LEFT + c * colWidth;
      let row = 0;
      for (const line of lines) {
        for (const part of wrap(clean(fonts, line), fonts.regular, SMALL, colWidth - 8, 2)) {
          if (row >= 6) return;
          l.text(part, x, PAGE_H - 28 * MM + row * 9, { size: SMALL, color: MUTED });
          row++;
        }
      }
    });
  });
}

interface GlyphLike {
  id: number;
  advanceWidth: number;
}
interface FontkitFontLike {
  glyphForCodePoint(codePoint: number): GlyphLike;
  layout(text: string): { glyphs: GlyphLike[] };
}

/**
 * One glyph per character straight from the font's character map, instead of fontkit's full
 * shaping (about a millisecond per string, which made a 200-line invoice take
 * seconds). Latin, Greek and Cyrillic text needs no shaping; pdf-lib ignored kerning anyway.
 * pdf-lib 1.17 keeps the fontkit font as `embedder.font`; its measuring and encoding both
 * call `layout`.
 */
function withoutShaping(font: PDFFont): void {
  const fontkitFont = (font as unknown as { embedder: { font: FontkitFontLike } }).embedder.font;
  const glyphs = new Map<number, GlyphLike>();
  const glyphOf = (codePoint: number): GlyphLike => {
    let glyph = glyphs.get(codePoint);
    if (!glyph) {
      glyph = fontkitFont.glyphForCodePoint(codePoint);
      glyphs.set(codePoint, glyph);
    }
    return glyph;
  };
  fontkitFont.layout = (text: string) => ({ glyphs: Array.from(text, (ch) => glyphOf(ch.codePointAt(0)!)) });
}

async function loadFonts(pdf: PDFDocument): Promise<Fonts> {
  const bytes = await invoiceFonts();
  pdf.registerFontkit(fontkit);
  // Subset names carry a six-letter tag (ISO 32000-1 9.6.4), fixed so the same input gives the same bytes.
  const regular = await pdf.embedFont(bytes.regular, { subset: true, customName: 'PRTLAA+DejaVuSansCondensed' });
  const bold = await pdf.embedFont(bytes.bold, { subset: true, customName: 'PRTLAB+DejaVuSansCondensed-Bold' });
  withoutShaping(regular);
  withoutShaping(bold);
  if (!drawable) {
    const inBold = new Set(bold.getCharacterSet());
    drawable = new Set(regular.getCharacterSet().filter((cp) => inBold.has(cp)));
  }
  return { regular, bold, charset: drawable };
}

/** The code points both fonts can draw; the same fonts in every call, so worked out once per thread. */
let drawable: Set<number> | undefined;

/**
 * The PDF/A-3b of an invoice or credit note in its language, with `ciiXml` (the EN 16931 CII
 * of the same document, cii-writer.ts) embedded as factur-x.xml.
 */
export async function renderInvoicePdf(document: InvoiceDocument, ciiXml: string): Promise<Uint8Array> {
  if (document.lines.length === 0) throw new RangeError('An invoice needs at least one line.');
  if (document.lines.length > MAX_PDF_LINES) throw new RangeError(`An invoice PDF has at most ${MAX_PDF_LINES} lines.`);
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const fonts = await loadFonts(pdf);
  const layout = new Layout(pdf, document, fonts);
  firstPage(layout);
  table(layout);
  totalsBlock(layout);
  notesAndPayment(layout);
  footers(layout);

  const title = `${layout.title()} ${document.number}`;
  await makePdfA3(
    pdf,
    {
      title,
      author: document.seller.name,
      subject: `${title} – ${document.buyer.name}`,
      lang: document.language === 'de' ? 'de-DE' : 'en-GB',
      date: new Date(`${document.issueDate}T00:00:00Z`),
      attachmentDescription: layout.t('attachmentDescription', { number: document.number }),
    },
    ciiXml,
  );
  return pdf.save({ useObjectStreams: false });
}
