// A small XML builder: every text and attribute value is escaped here, and characters XML 1.0
// does not allow are dropped, so no value can open a tag or an entity (no template strings).

export interface XmlElement {
  name: string;
  attributes?: Record<string, string>;
  /** Child elements, or one text. */
  children: readonly XmlElement[] | string;
}

// Tab, LF, CR and everything from U+0020 except the surrogates and U+FFFE/U+FFFF (XML 1.0 Char).
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function escapeXml(value: string): string {
  return value
    .replace(NOT_XML_CHAR, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const NAME = /^[A-Za-z_][\w.-]*(:[A-Za-z_][\w.-]*)?$/;

/** An element; `children` that are null/undefined/false are left out, so optional parts read inline. */
export function el(
  name: string,
  attributesOrChildren?: Record<string, string> | readonly (XmlElement | null | undefined | false)[] | string,
  maybeChildren?: readonly (XmlElement | null | undefined | false)[] | string,
): XmlElement {
  const hasAttributes = typeof attributesOrChildren === 'object' && !Array.isArray(attributesOrChildren);
  const attributes = hasAttributes ? (attributesOrChildren as Record<string, string>) : undefined;
  const raw = hasAttributes ? maybeChildren : (attributesOrChildren as typeof maybeChildren);
  const children = typeof raw === 'string' ? raw : (raw ?? []).filter((c): c is XmlElement => Boolean(c));
  return { name, attributes, children };
}

function write(element: XmlElement, out: string[], depth: number): void {
  if (!NAME.test(element.name)) throw new Error(`Not an XML name: ${element.name}`);
  const indent = '  '.repeat(depth);
  let open = `${indent}<${element.name}`;
  for (const [key, value] of Object.entries(element.attributes ?? {})) {
    if (!NAME.test(key)) throw new Error(`Not an XML name: ${key}`);
    open += ` ${key}="${escapeXml(value)}"`;
  }
  if (typeof element.children === 'string') {
    out.push(`${open}>${escapeXml(element.children)}</${element.name}>`);
  } else if (element.children.length === 0) {
    out.push(`${open}/>`);
  } else {
    out.push(`${open}>`);
    for (const child of element.children) write(child, out, depth + 1);
    out.push(`${indent}</${element.name}>`);
  }
}

export function serializeXml(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  write(root, out, 0);
  return `${out.join('\n')}\n`;
}
