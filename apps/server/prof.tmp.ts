import fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import { invoiceFonts } from './src/modules/billing/pdf/fonts.js';
const b = await invoiceFonts();
for (let k = 0; k < 3; k++) {
let t = performance.now();
const pdf = await PDFDocument.create({ updateMetadata: false });
pdf.registerFontkit(fontkit);
const f = await pdf.embedFont(b.regular, { subset: true });
console.log('embed', performance.now() - t); t = performance.now();
const cs = f.getCharacterSet();
console.log('charset', cs.length, performance.now() - t); t = performance.now();
for (let i = 0; i < 2000; i++) f.widthOfTextAtSize('Geocoder – Monatliche Gebühr ' + i, 8);
console.log('2000 widths', performance.now() - t); t = performance.now();
const p = pdf.addPage(); p.drawText('Hallo Welt 123', { font: f, size: 9 });
await pdf.save();
console.log('save', performance.now() - t);
}
