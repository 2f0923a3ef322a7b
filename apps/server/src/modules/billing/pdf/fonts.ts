import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

// The invoice PDF's fonts: DejaVu Sans Condensed and its bold (Bitstream Vera licence, DejaVu
// changes public domain), as TTF from the dejavu-fonts-ttf package. PDF/A needs every font
// embedded; the PDF carries only the glyphs it uses (subset). (Noto Sans from Google Fonts was
// tried: fontkit's subsetter loses most of its glyphs.) The files are read once per thread.

export interface InvoiceFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

// Font files, not modules: resolved by path (knip.json lists the package as used).
const require = createRequire(import.meta.url);
const files = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf',
} as const;

let loading: Promise<InvoiceFonts> | undefined;

export function invoiceFonts(): Promise<InvoiceFonts> {
  loading ??= (async () => {
    const [regular, bold] = await Promise.all([readFile(require.resolve(files.regular)), readFile(require.resolve(files.bold))]);
    return { regular: new Uint8Array(regular), bold: new Uint8Array(bold) };
  })();
  // A failed read is not kept: the next invoice tries again.
  loading.catch(() => (loading = undefined));
  return loading;
}
