import { escapeHtml } from '@portal/contract/text';

// Small builders for the hand-drawn demo illustrations. Every function is pure and returns an
// SVG fragment; `svgDoc` wraps fragments into a self-contained document. The font is set once on
// the root element so no fragment repeats it, which keeps each image well under 3 KB.

export interface Palette {
  /** Main brand colour of a service. */
  primary: string;
  /** Darker shade for headings and pressed states. */
  dark: string;
  /** Very light tint for backgrounds. */
  light: string;
  /** Mid tint for secondary shapes. */
  soft: string;
}

export const palettes = {
  indigo: { primary: '#4f46e5', dark: '#3730a3', light: '#eef2ff', soft: '#c7d2fe' },
  slate: { primary: '#475569', dark: '#1e293b', light: '#f1f5f9', soft: '#cbd5e1' },
  teal: { primary: '#0d9488', dark: '#115e59', light: '#f0fdfa', soft: '#99f6e4' },
  sky: { primary: '#0284c7', dark: '#075985', light: '#f0f9ff', soft: '#bae6fd' },
  emerald: { primary: '#059669', dark: '#065f46', light: '#ecfdf5', soft: '#a7f3d0' },
  amber: { primary: '#d97706', dark: '#92400e', light: '#fffbeb', soft: '#fde68a' },
  rose: { primary: '#e11d48', dark: '#9f1239', light: '#fff1f2', soft: '#fecdd3' },
} satisfies Record<string, Palette>;

/** Neutral colours shared by every illustration. */
export const ink = {
  text: '#0f172a',
  muted: '#64748b',
  line: '#e2e8f0',
  skeleton: '#e2e8f0',
  page: '#f8fafc',
  white: '#ffffff',
  ok: '#16a34a',
  okLight: '#dcfce7',
  warn: '#d97706',
  warnLight: '#fef3c7',
  error: '#dc2626',
  errorLight: '#fee2e2',
  code: '#1e293b',
} as const;

/** Rounds to one decimal so generated coordinates stay short. */
export function f(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Wraps a body into a complete SVG document; `background` null leaves it transparent. */
export function svgDoc(
  width: number,
  height: number,
  body: string,
  background: string | null = ink.page,
): string {
  const bg = background === null ? '' : `<rect width="${width}" height="${height}" fill="${background}"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" ` +
    `height="${height}" font-family="system-ui, sans-serif" fill="${ink.text}">${bg}${body}</svg>`
  );
}

export function rect(x: number, y: number, w: number, h: number, fill: string, r = 0, extra = ''): string {
  const radius = r > 0 ? ` rx="${r}"` : '';
  const more = extra ? ` ${extra}` : '';
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}"${radius} fill="${fill}"${more}/>`;
}

export function circle(cx: number, cy: number, r: number, fill: string, extra = ''): string {
  const more = extra ? ` ${extra}` : '';
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${more}/>`;
}

export function path(d: string, fill: string, extra = ''): string {
  const more = extra ? ` ${extra}` : '';
  return `<path d="${d}" fill="${fill}"${more}/>`;
}

export interface TextOptions {
  weight?: number;
  anchor?: 'start' | 'middle' | 'end';
}

export function text(
  x: number,
  y: number,
  content: string,
  size: number,
  fill: string,
  opts: TextOptions = {},
): string {
  const weight = opts.weight ? ` font-weight="${opts.weight}"` : '';
  const anchor = opts.anchor && opts.anchor !== 'start' ? ` text-anchor="${opts.anchor}"` : '';
  // The document's root sets fill to ink.text, so the common case needs no attribute.
  const colour = fill === ink.text ? '' : ` fill="${fill}"`;
  return `<text x="${x}" y="${y}" font-size="${size}"${colour}${weight}${anchor}>${escapeHtml(content)}</text>`;
}

/** One line of text made of differently styled runs: [content, fill, weight?]. */
export function richText(x: number, y: number, size: number, runs: [string, string, number?][]): string {
  const spans = runs
    .map(
      ([content, fill, weight]) =>
        `<tspan fill="${fill}"${weight ? ` font-weight="${weight}"` : ''}>${escapeHtml(content)}</tspan>`,
    )
    .join('');
  return `<text x="${x}" y="${y}" font-size="${size}">${spans}</text>`;
}

/** Rough text width for system-ui, good enough to size pills and badges. */
export function textWidth(content: string, size: number): number {
  return Math.round(content.length * size * 0.56);
}

/** White card with a hairline border and a soft offset shadow. */
export function card(x: number, y: number, w: number, h: number, r = 20, fill: string = ink.white): string {
  return (
    rect(x, y + 8, w, h, ink.text, r, 'opacity=".05"') +
    rect(x, y, w, h, fill, r, `stroke="${ink.line}" stroke-width="2"`)
  );
}

/** Browser window with traffic-light dots and an address bar; content starts at y + 64. */
export function browser(x: number, y: number, w: number, h: number, url: string): string {
  return (
    card(x, y, w, h, 20) +
    path(`M${x} ${y + 64}h${w}`, 'none', `stroke="${ink.line}" stroke-width="2"`) +
    circle(x + 36, y + 32, 8, '#f87171') +
    circle(x + 62, y + 32, 8, '#fbbf24') +
    circle(x + 88, y + 32, 8, '#34d399') +
    rect(x + 130, y + 14, Math.min(560, w - 180), 36, ink.page, 18) +
    text(x + 154, y + 39, url, 18, ink.muted)
  );
}

/** Tick in a filled circle. */
export function check(cx: number, cy: number, r: number, color: string = ink.ok): string {
  const s = r / 10;
  return (
    circle(cx, cy, r, color) +
    path(
      `M${f(cx - 4.5 * s)} ${cy}l${f(3 * s)} ${f(3 * s)} ${f(6 * s)}-${f(6.5 * s)}`,
      'none',
      `stroke="#fff" stroke-width="${Math.max(2, Math.round(2.2 * s))}" stroke-linecap="round" stroke-linejoin="round"`,
    )
  );
}

/** Exclamation mark in a filled circle. */
export function alert(cx: number, cy: number, r: number, color: string = ink.error): string {
  const s = r / 10;
  return (
    circle(cx, cy, r, color) +
    rect(f(cx - s), f(cy - 5.5 * s), f(2 * s), f(7 * s), '#fff', f(s)) +
    circle(cx, f(cy + 4.5 * s), f(1.4 * s), '#fff')
  );
}

export type FieldState = 'plain' | 'ok' | 'error' | 'focus';

/** Labelled input (72 px tall box below a label); state colours the border and adds an icon. */
export function field(
  x: number,
  y: number,
  w: number,
  label: string,
  value: string,
  state: FieldState = 'plain',
  focus: string = palettes.indigo.primary,
): string {
  const border = { plain: '#cbd5e1', ok: ink.ok, error: ink.error, focus }[state];
  const icon =
    state === 'ok' ? check(x + w - 36, y + 64, 14) : state === 'error' ? alert(x + w - 36, y + 64, 14) : '';
  return (
    text(x, y + 16, label, 20, ink.muted, { weight: 500 }) +
    rect(x, y + 28, w, 72, ink.white, 12, `stroke="${border}" stroke-width="${state === 'plain' ? 2 : 3}"`) +
    text(x + 24, y + 73, value, 26, value ? ink.text : ink.muted) +
    icon
  );
}

export function button(
  x: number,
  y: number,
  w: number,
  h: number,
  label: string,
  fill: string,
  color = '#fff',
): string {
  return (
    rect(x, y, w, h, fill, 12) +
    text(f(x + w / 2), f(y + h / 2 + 9), label, 24, color, { weight: 600, anchor: 'middle' })
  );
}

/** Rounded pill with centred text; width follows the label. */
export function badge(x: number, y: number, label: string, fill: string, color: string, size = 20): string {
  const w = Math.round(textWidth(label, size) + size * 1.6);
  const h = Math.round(size * 1.8);
  return (
    rect(x, y, w, h, fill, f(h / 2)) +
    text(f(x + w / 2), f(y + h * 0.68), label, size, color, { weight: 600, anchor: 'middle' })
  );
}

/** Grey placeholder bars standing in for running text. */
export function lines(
  x: number,
  y: number,
  widths: number[],
  gap = 30,
  h = 14,
  fill: string = ink.skeleton,
): string {
  return widths.map((w, i) => rect(x, y + i * gap, w, h, fill, f(h / 2))).join('');
}

/** Vertical bar chart; values are fractions 0..1 of the height. */
export function bars(
  x: number,
  y: number,
  w: number,
  h: number,
  values: number[],
  color: string,
  gap = 0.35,
): string {
  const step = w / values.length;
  const bw = Math.round(step * (1 - gap));
  return values
    .map((v, i) => {
      const bh = Math.round(h * v);
      return rect(
        Math.round(x + i * step + (step - bw) / 2),
        y + h - bh,
        bw,
        bh,
        color,
        Math.min(6, Math.round(bw / 3)),
      );
    })
    .join('');
}

/** Horizontal grid lines for a chart area. */
export function gridLines(x: number, y: number, w: number, h: number, rows: number): string {
  const d = Array.from({ length: rows + 1 }, (_, i) => `M${x} ${Math.round(y + (h * i) / rows)}h${w}`).join(
    '',
  );
  return path(d, 'none', `stroke="${ink.line}" stroke-width="2"`);
}

/** Line chart with a translucent area below; values are fractions 0..1 of the height. */
export function lineChart(
  x: number,
  y: number,
  w: number,
  h: number,
  values: number[],
  color: string,
): string {
  const step = w / Math.max(1, values.length - 1);
  const pts = values.map((v, i) => `${Math.round(x + i * step)} ${Math.round(y + h - h * v)}`);
  const d = `M${pts.join('L')}`;
  return (
    path(`${d}L${x + w} ${y + h}L${x} ${y + h}Z`, color, 'opacity=".12"') +
    path(d, 'none', `stroke="${color}" stroke-width="4" stroke-linejoin="round"`)
  );
}

/** Donut segment list: fractions summing to at most 1, drawn clockwise from 12 o'clock. */
export function donut(cx: number, cy: number, r: number, width: number, parts: [number, string][]): string {
  const c = 2 * Math.PI * r;
  let offset = 0;
  const rings = parts.map(([fraction, color]) => {
    const len = Math.round(c * fraction);
    const ring =
      `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${color}" stroke-width="${width}" ` +
      `stroke-dasharray="${len} ${Math.round(c)}" stroke-dashoffset="${-offset}" transform="rotate(-90 ${cx} ${cy})"/>`;
    offset += len;
    return ring;
  });
  return circle(cx, cy, r, 'none', `stroke="${ink.line}" stroke-width="${width}"`) + rings.join('');
}

/** Map marker whose tip sits at (x, y). */
export function pin(x: number, y: number, color: string, scale = 1): string {
  const k = (v: number): number => f(v * scale);
  return (
    path(
      `M${x} ${y}c${k(-14)} ${k(-22)} ${k(-26)} ${k(-34)} ${k(-26)} ${k(-48)}a${k(26)} ${k(26)} 0 1 1 ${k(52)} 0` +
        `c0 ${k(14)} ${k(-12)} ${k(26)} ${k(-26)} ${k(48)}z`,
      color,
    ) + circle(x, f(y - 48 * scale), k(9), '#fff')
  );
}

/** Flat street-map backdrop clipped to a rounded rectangle; `id` must be unique within the document. */
export function mapBackdrop(x: number, y: number, w: number, h: number, id: string): string {
  const X = (t: number): number => f(x + w * t);
  const Y = (t: number): number => f(y + h * t);
  const roads =
    `M${x} ${Y(0.3)}C${X(0.3)} ${Y(0.22)} ${X(0.6)} ${Y(0.45)} ${x + w} ${Y(0.38)}` +
    `M${X(0.42)} ${y}L${X(0.5)} ${y + h}M${x} ${Y(0.78)}L${x + w} ${Y(0.7)}` +
    `M${X(0.16)} ${y}L${X(0.2)} ${y + h}M${X(0.8)} ${y}L${X(0.74)} ${y + h}`;
  const river = `M${x} ${Y(0.55)}C${X(0.25)} ${Y(0.62)} ${X(0.35)} ${Y(0.9)} ${X(0.6)} ${y + h}`;
  return (
    `<clipPath id="${id}">${rect(x, y, w, h, '#000', 20)}</clipPath><g clip-path="url(#${id})">` +
    rect(x, y, w, h, '#eef2ee') +
    rect(X(0.55), Y(0.06), f(w * 0.16), f(h * 0.2), '#d9ecd9', 12) +
    rect(X(0.05), Y(0.4), f(w * 0.09), f(h * 0.28), '#d9ecd9', 12) +
    path(river, 'none', 'stroke="#bfdbfe" stroke-width="26"') +
    path(roads, 'none', 'stroke="#fff" stroke-width="16"') +
    '</g>'
  );
}

/** Simple data table: a header row, then rows with separators. Cells may be pre-rendered SVG (start with '<'). */
export function table(
  x: number,
  y: number,
  widths: number[],
  head: string[],
  rows: string[][],
  rowH = 64,
): string {
  const total = widths.reduce((a, b) => a + b, 0);
  const colX = widths.map((_, i) => x + widths.slice(0, i).reduce((a, b) => a + b, 0));
  // Font attributes live on a wrapping group per block, so each cell is a bare <text>.
  const cell = (c: string, i: number, cy: number): string => {
    const cx = (colX[i] ?? x) + 20;
    // Pre-rendered cells (badges, 36 px tall) are centred on the text's visual middle.
    if (c.startsWith('<')) return `<g transform="translate(${cx} ${cy - 27})">${c}</g>`;
    return `<text x="${cx}" y="${cy}">${escapeHtml(c)}</text>`;
  };
  const headH = rowH - 10;
  const header =
    rect(x, y, total, headH, ink.page, 10) +
    `<g font-size="20" font-weight="600" fill="${ink.muted}">` +
    head.map((c, i) => cell(c, i, f(y + headH / 2 + 6))).join('') +
    '</g>';
  const body = rows
    .map((row, r) => {
      const top = y + headH + r * rowH;
      const divider =
        r === 0 ? '' : path(`M${x} ${top}h${total}`, 'none', `stroke="${ink.line}" stroke-width="2"`);
      return divider + row.map((c, i) => cell(c, i, f(top + rowH / 2 + 8))).join('');
    })
    .join('');
  return `${header}<g font-size="26">${body}</g>`;
}

/** Dark code editor panel with syntax-coloured token bars (no monospace font needed). */
export function codePanel(x: number, y: number, w: number, h: number, seed: number, accent: string): string {
  const colors = ['#94a3b8', accent, '#fbbf24', '#34d399', '#f472b6', '#e2e8f0'];
  let state = seed;
  const next = (): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  // Tokens are round-capped strokes, one path per colour, so the panel stays a few hundred bytes.
  const runs = colors.map(() => '');
  let gutter = '';
  let indent = 0;
  const rows = Math.floor((h - 90) / 36);
  for (let r = 0; r < rows; r += 1) {
    const ly = y + 77 + r * 36;
    gutter += `M${x + 28} ${ly}h10`;
    if (next() < 0.12) continue;
    let lx = x + 76 + indent * 32;
    const tokens = 1 + Math.floor(next() * 4);
    for (let t = 0; t < tokens && lx < x + w - 90; t += 1) {
      const tw = Math.min(28 + Math.floor(next() * 130), x + w - 70 - lx);
      const c = Math.floor(next() * colors.length);
      runs[c] += `M${lx} ${ly}h${tw}`;
      lx += tw + 30;
    }
    const turn = next();
    indent = Math.max(0, Math.min(3, indent + (turn < 0.3 ? 1 : turn > 0.75 ? -1 : 0)));
  }
  const strokes = runs
    .map((d, i) =>
      d ? path(d, 'none', `stroke="${colors[i] ?? accent}" stroke-width="14" stroke-linecap="round"`) : '',
    )
    .join('');
  return (
    card(x, y, w, h, 20, ink.code) +
    circle(x + 32, y + 30, 7, '#475569') +
    circle(x + 54, y + 30, 7, '#475569') +
    path(gutter, 'none', 'stroke="#334155" stroke-width="10" stroke-linecap="round"') +
    strokes
  );
}

/** JSON snippet without a monospace font: one line per entry, keys in the accent colour. */
export function jsonLines(
  x: number,
  y: number,
  entries: [string, string][],
  accent: string,
  size = 22,
): string {
  const gap = Math.round(size * 1.6);
  const body = entries
    .map(
      ([k, v], i) =>
        `<text x="${x + 24}" y="${y + (i + 1) * gap}"><tspan fill="${accent}">"${escapeHtml(k)}"</tspan>` +
        `<tspan fill="${ink.muted}">:</tspan><tspan dx="${Math.round(size * 0.4)}">${escapeHtml(v)}</tspan></text>`,
    )
    .join('');
  const brace = (by: number, c: string): string => `<text x="${x}" y="${by}" fill="${ink.muted}">${c}</text>`;
  return `<g font-size="${size}">${brace(y, '{')}${body}${brace(y + (entries.length + 1) * gap, '}')}</g>`;
}

/** Small KPI tile: caption above a big number. */
export function kpi(x: number, y: number, w: number, caption: string, value: string, color: string): string {
  return (
    card(x, y, w, 130, 16) +
    text(x + 28, y + 46, caption, 20, ink.muted) +
    text(x + 28, y + 100, value, 40, color, { weight: 700 })
  );
}

/** Scales a 256-unit glyph into a box of `size` at (x, y). */
export function placeGlyph(x: number, y: number, size: number, glyph: string): string {
  return `<g transform="translate(${x} ${y}) scale(${Math.round((size / 256) * 1000) / 1000})">${glyph}</g>`;
}

/** Square logo: rounded tile in the primary colour with a white glyph drawn on a 256 grid. */
export function logo(p: Palette, glyph: string): string {
  return svgDoc(256, 256, rect(0, 0, 256, 256, p.primary, 56) + glyph, null);
}

/** Card thumbnail (800×450): tinted backdrop, the service glyph on a tile and a mini mock-up. */
export function thumbnail(p: Palette, glyph: string, mock: string): string {
  return svgDoc(
    800,
    450,
    circle(720, 40, 180, p.soft, 'opacity=".45"') +
      circle(60, 430, 120, p.soft, 'opacity=".35"') +
      rect(64, 145, 160, 160, p.primary, 36) +
      placeGlyph(64, 145, 160, glyph) +
      mock,
    p.light,
  );
}

/** Gallery image (1600×1000) on the service's light tint. */
export function galleryImage(p: Palette, body: string): string {
  return svgDoc(1600, 1000, circle(1500, 80, 260, p.soft, 'opacity=".35"') + body, p.light);
}

/** Price package illustration (256×256): a stack of `levels` isometric slabs on a tinted tile. */
export function stackIllustration(p: Palette, levels: number): string {
  const bottom = 119 + (levels - 1) * 17;
  const slab = (cy: number, top: string): string =>
    path(`M58 ${cy}l70 35v18l-70-35z`, p.dark) +
    path(`M198 ${cy}l-70 35v18l70-35z`, p.primary) +
    path(`M58 ${cy}l70-35 70 35-70 35z`, top);
  let body = rect(0, 0, 256, 256, p.light, 48);
  for (let i = 0; i < levels; i += 1) {
    body += slab(bottom - i * 34, i === levels - 1 ? p.primary : p.soft);
  }
  return svgDoc(256, 256, body, null);
}
