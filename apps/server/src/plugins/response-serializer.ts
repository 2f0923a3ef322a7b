import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

// Keywords that only constrain values; a serializer needs the shape alone. `format: date` would
// even make fast-json-stringify treat the value as a Date.
const CONSTRAINT_KEYWORDS = new Set([
  '$schema',
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'propertyNames',
]);

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The shape of a JSON schema without constraints, and `anyOf: [{ type: 'string' }, { type: 'null' }]`
 * (zod's nullable) as `type: ['string', 'null']`, which needs no validator at run time.
 */
export function shapeOf(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (CONSTRAINT_KEYWORDS.has(key)) continue;
    if (key === 'properties' && isSchema(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, isSchema(s) ? shapeOf(s) : s]));
    } else if ((key === 'items' || key === 'additionalProperties') && isSchema(value)) {
      out[key] = shapeOf(value);
    } else if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(value)) {
      out[key] = value.map((s: unknown) => (isSchema(s) ? shapeOf(s) : s));
    } else {
      out[key] = value;
    }
  }
  const options = out.anyOf;
  if (Array.isArray(options) && options.length === 2) {
    const [a, b] = options as JsonSchema[];
    const scalar = (s: JsonSchema | undefined) =>
      s !== undefined && typeof s.type === 'string' && s.type !== 'object' && s.type !== 'array' && Object.keys(s).length === 1;
    const other = b?.type === 'null' ? a : a?.type === 'null' ? b : undefined;
    if (scalar(other)) {
      delete out.anyOf;
      out.type = [other?.type, 'null'];
    }
  }
  return out;
}

/** A function writing `schema`'s output shape as JSON, compiled once. */
export function compileSerializer(schema: z.ZodType): (data: unknown) => string {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  return fastJsonStringify(shapeOf(json));
}

/**
 * Answers are written by serializers compiled once per route from the route's response schema
 * (the contract's zod schema, as JSON schema), instead of checking every answer with zod and
 * then calling JSON.stringify. Only properties the schema names are written, so nothing outside
 * the contract leaves the server; a missing required property is an error (500).
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) =>
  compileSerializer(schema);
