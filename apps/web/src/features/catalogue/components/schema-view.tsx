import { useTranslation } from '@/hooks/use-translation';
import type { Schema } from '../utils/openapi-view';
import { Markdown } from './markdown';

/** Schemas nest this deep at most on the page; deeper parts are named, not shown. */
const MAX_DEPTH = 8;

const object = (value: unknown): Schema =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Schema) : {};

/** A short name of a schema's type: `string (email)`, `array of object`, `Address` for a recursive reference. */
function typeName(schema: Schema): string {
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop() ?? 'object';
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : typeof schema.type === 'string' ? schema.type : '';
  if (type === 'array') return `array of ${typeName(object(schema.items))}`;
  const format = typeof schema.format === 'string' ? ` (${schema.format})` : '';
  if (type) return `${type}${format}${schema.nullable === true ? ' | null' : ''}`;
  if (schema.oneOf || schema.anyOf) return 'oneOf';
  if (schema.allOf) return 'allOf';
  if (schema.properties) return 'object';
  return 'any';
}

/** The rules of a value as short text: enum, range, length, pattern, default. */
function constraints(schema: Schema): string[] {
  const rules: string[] = [];
  if (Array.isArray(schema.enum)) rules.push(`∈ ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  if (schema.minimum !== undefined) rules.push(`≥ ${JSON.stringify(schema.minimum)}`);
  if (schema.maximum !== undefined) rules.push(`≤ ${JSON.stringify(schema.maximum)}`);
  if (schema.minLength !== undefined) rules.push(`min. ${JSON.stringify(schema.minLength)}`);
  if (schema.maxLength !== undefined) rules.push(`max. ${JSON.stringify(schema.maxLength)}`);
  if (schema.maxItems !== undefined) rules.push(`≤ ${JSON.stringify(schema.maxItems)} items`);
  if (typeof schema.pattern === 'string') rules.push(`/${schema.pattern}/`);
  if (schema.default !== undefined) rules.push(`= ${JSON.stringify(schema.default)}`);
  return rules;
}

/** The properties (or items, or variants) a schema has inside it. */
function children(schema: Schema): Array<{ name: string; schema: Schema; required: boolean }> {
  if (schema.type === 'array' || schema.items) return children(object(schema.items));
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const own = Object.entries(object(schema.properties)).map(([name, value]) => ({ name, schema: object(value), required: required.has(name) }));
  const variants = ['allOf', 'oneOf', 'anyOf'].flatMap((key) =>
    Array.isArray(schema[key]) ? (schema[key] as unknown[]).map((v, i) => ({ name: `${key}[${i}]`, schema: object(v), required: false })) : [],
  );
  return [...own, ...variants];
}

/**
 * A schema as an expandable tree: each property with its type, rules and description; nested
 * objects open on demand (`<details>`, so it works before any script and with the keyboard).
 */
export function SchemaView({ schema, depth = 0 }: { schema: Schema; depth?: number }) {
  const { t } = useTranslation('ApiReference');
  const items = children(schema);
  if (items.length === 0) {
    return <p className="font-mono text-xs text-muted-foreground">{typeName(schema)}</p>;
  }
  return (
    <ul className="flex flex-col divide-y divide-border rounded-lg border border-border text-sm">
      {items.map(({ name, schema: child, required }) => {
        const nested = children(child).length > 0 && typeof child.$ref !== 'string';
        const head = (
          <span className="inline-flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
            <code className="font-mono font-semibold">{name}</code>
            <span className="font-mono text-xs text-muted-foreground">{typeName(child)}</span>
            {required ? <span className="text-xs font-medium text-red-700 dark:text-red-400">{t('required')}</span> : null}
            {constraints(child).map((rule) => (
              <span key={rule} className="rounded bg-muted px-1.5 font-mono text-xs text-muted-foreground">
                {rule}
              </span>
            ))}
          </span>
        );
        const description = typeof child.description === 'string' ? child.description : '';
        return (
          <li key={name} className="px-3 py-2">
            {nested && depth < MAX_DEPTH ? (
              <details>
                <summary className="cursor-pointer rounded focus-visible:outline-2 focus-visible:outline-ring">{head}</summary>
                {description ? <Markdown text={description} className="mt-1 text-muted-foreground" /> : null}
                <div className="mt-2">
                  <SchemaView schema={child} depth={depth + 1} />
                </div>
              </details>
            ) : (
              <>
                {head}
                {description ? <Markdown text={description} className="mt-1 text-muted-foreground" /> : null}
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
