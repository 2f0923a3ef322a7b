// Request bodies and query strings in the form the server's `qs` parser reads:
// `domainsProduction[]=a&domainsProduction[]=b`, nested objects as `a[b]=c`.

export type FormPrimitive = string | number | boolean | null | undefined;
export type FormValue = FormPrimitive | readonly FormValue[] | { readonly [key: string]: FormValue };
export type FormFields = { readonly [key: string]: FormValue };

// Brackets stay readable; everything else is percent-encoded (qs decodes both forms).
function encodeName(name: string): string {
  return encodeURIComponent(name).replace(/%5B/gi, '[').replace(/%5D/gi, ']');
}

function encodePrimitive(value: Exclude<FormPrimitive, undefined>): string {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new TypeError(`Cannot form-encode the number ${value}`);
  }
  // null is sent as an empty value: "clear this field".
  return encodeURIComponent(value === null ? '' : String(value));
}

function isPrimitive(value: FormValue): value is FormPrimitive {
  return value === null || typeof value !== 'object';
}

function collect(name: string, value: FormValue, pairs: string[]): void {
  if (value === undefined) return; // not sent at all: "unchanged"
  if (isPrimitive(value)) {
    pairs.push(`${encodeName(name)}=${encodePrimitive(value)}`);
  } else if (Array.isArray(value)) {
    const list = value as readonly FormValue[];
    // An empty list cannot be written in this format; `name[]=` (one empty entry) tells the
    // server "now empty" instead of leaving the field out, which would mean "unchanged".
    if (list.length === 0) pairs.push(`${encodeName(name)}[]=`);
    list.forEach((item, index) =>
      collect(isPrimitive(item) ? `${name}[]` : `${name}[${index}]`, item, pairs),
    );
  } else {
    for (const [key, item] of Object.entries(value)) collect(`${name}[${key}]`, item, pairs);
  }
}

/** `{ a: ['x', 'y'], b: 1 }` → `a[]=x&a[]=y&b=1`; undefined fields are left out. */
export function encodeForm(fields: FormFields): string {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(fields)) collect(name, value, pairs);
  return pairs.join('&');
}
