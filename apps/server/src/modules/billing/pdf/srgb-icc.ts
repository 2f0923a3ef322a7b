// A small ICC v2 display profile for sRGB (IEC 61966-2-1), written here from the published
// numbers instead of shipping a binary: the PDF/A OutputIntent of the invoice PDF names it
// (docs/billing.md#the-pdf). Matrix/TRC form: D50-adapted (Bradford) primaries, the D65 media
// white point of the classic "sRGB IEC61966-2.1" profile, and the sRGB tone curve as a
// 1,024-point table shared by the three channels. About 2.5 KB; built once per process.

const DESCRIPTION = 'sRGB IEC61966-2.1';
const COPYRIGHT = 'No copyright, use freely';
const CURVE_POINTS = 1024;

/** s15Fixed16Number. */
const fixed = (value: number): number => Math.round(value * 65_536);

function asciiBytes(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0) & 0x7f);
}

class Writer {
  readonly bytes: number[] = [];
  u8(v: number): this {
    this.bytes.push(v & 0xff);
    return this;
  }
  u16(v: number): this {
    return this.u8(v >>> 8).u8(v);
  }
  u32(v: number): this {
    return this.u16(v >>> 16).u16(v & 0xffff);
  }
  s15f16(v: number): this {
    return this.u32(fixed(v) >>> 0);
  }
  sig(s: string): this {
    for (const b of asciiBytes(s.padEnd(4, ' '))) this.u8(b);
    return this;
  }
  zeros(n: number): this {
    for (let i = 0; i < n; i++) this.u8(0);
    return this;
  }
  pad4(): this {
    while (this.bytes.length % 4 !== 0) this.u8(0);
    return this;
  }
}

function xyzTag(x: number, y: number, z: number): number[] {
  return new Writer().sig('XYZ ').zeros(4).s15f16(x).s15f16(y).s15f16(z).bytes;
}

function descTag(text: string): number[] {
  const ascii = asciiBytes(text);
  const w = new Writer().sig('desc').zeros(4).u32(ascii.length + 1);
  for (const b of ascii) w.u8(b);
  // NUL, Unicode language and count (none), ScriptCode code and count (none), 67 bytes Mac text.
  return w.u8(0).u32(0).u32(0).u16(0).u8(0).zeros(67).bytes;
}

function textTag(text: string): number[] {
  const w = new Writer().sig('text').zeros(4);
  for (const b of asciiBytes(text)) w.u8(b);
  return w.u8(0).bytes;
}

/** The sRGB electro-optical transfer function, encoded value → linear light, both 0…1. */
function srgbToLinear(v: number): number {
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

function curveTag(): number[] {
  const w = new Writer().sig('curv').zeros(4).u32(CURVE_POINTS);
  for (let i = 0; i < CURVE_POINTS; i++) w.u16(Math.round(srgbToLinear(i / (CURVE_POINTS - 1)) * 65_535));
  return w.bytes;
}

function buildProfile(): Uint8Array {
  const curve = curveTag();
  const tags: { sig: string; data: number[] }[] = [
    { sig: 'desc', data: descTag(DESCRIPTION) },
    { sig: 'cprt', data: textTag(COPYRIGHT) },
    { sig: 'wtpt', data: xyzTag(0.9505, 1.0, 1.089) },
    { sig: 'rXYZ', data: xyzTag(0.43607, 0.22249, 0.01392) },
    { sig: 'gXYZ', data: xyzTag(0.38515, 0.71687, 0.09708) },
    { sig: 'bXYZ', data: xyzTag(0.14307, 0.06061, 0.7141) },
    { sig: 'rTRC', data: curve },
    { sig: 'gTRC', data: curve },
    { sig: 'bTRC', data: curve },
  ];

  // Tag data after the header (128 bytes) and the tag table; the three curves share one copy.
  let offset = 128 + 4 + tags.length * 12;
  const table: { sig: string; offset: number; size: number }[] = [];
  const blobs: number[][] = [];
  let curveAt: { offset: number; size: number } | null = null;
  for (const tag of tags) {
    if (tag.data === curve && curveAt) {
      table.push({ sig: tag.sig, ...curveAt });
      continue;
    }
    const entry = { offset, size: tag.data.length };
    if (tag.data === curve) curveAt = entry;
    table.push({ sig: tag.sig, ...entry });
    blobs.push(tag.data);
    offset += tag.data.length;
    offset += (4 - (offset % 4)) % 4;
  }
  const size = offset;

  const w = new Writer();
  w.u32(size) // profile size
    .zeros(4) // preferred CMM: none
    .u32(0x02100000) // version 2.1
    .sig('mntr')
    .sig('RGB ')
    .sig('XYZ ')
    .u16(2000).u16(1).u16(1).u16(0).u16(0).u16(0) // date of creation (fixed: the bytes never change)
    .sig('acsp')
    .zeros(4) // primary platform: none
    .u32(0) // flags
    .zeros(4) // device manufacturer
    .zeros(4) // device model
    .zeros(8) // device attributes
    .u32(0) // rendering intent: perceptual
    .s15f16(0.9642).s15f16(1.0).s15f16(0.8249) // PCS illuminant D50
    .zeros(4) // creator
    .zeros(16) // profile ID (v4 only)
    .zeros(28); // reserved
  w.u32(table.length);
  for (const t of table) w.sig(t.sig).u32(t.offset).u32(t.size);
  for (const blob of blobs) {
    for (const b of blob) w.u8(b);
    w.pad4();
  }
  if (w.bytes.length !== size) throw new Error('sRGB profile: size mismatch');
  return Uint8Array.from(w.bytes);
}

let cached: Uint8Array | undefined;

/** The profile's bytes (built on first use in this thread, then reused). */
export function srgbIccProfile(): Uint8Array {
  cached ??= buildProfile();
  return cached;
}

export const srgbProfileDescription = DESCRIPTION;
