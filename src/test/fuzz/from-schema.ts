import fc from 'fast-check';
import { z } from 'zod';

/** The JSON Schema keywords that zod's conversion produces for the shapes this generator knows. */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  /** A record's keys (zod's `z.record(key, value)`). */
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
}

/** Keywords that describe a value without constraining its shape. */
const IGNORED = new Set(['$schema', 'description', 'title', 'default', 'examples', 'deprecated', 'readOnly']);
const KNOWN = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'format',
]);

/** A route whose schema this generator cannot derive inputs from: the fuzz test fails on it. */
export class UnfuzzableSchemaError extends Error {
  override name = 'UnfuzzableSchemaError';
}

/** A route's schema part (zod, as routes declare them, or plain JSON Schema) as JSON Schema. */
export function toJsonSchema(schema: unknown): JsonSchema {
  if (schema instanceof z.ZodType) {
    try {
      return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw' }) as JsonSchema;
    } catch (error) {
      throw new UnfuzzableSchemaError(`zod schema has no JSON Schema form: ${String(error)}`);
    }
  }
  if (typeof schema === 'object' && schema !== null) return schema;
  throw new UnfuzzableSchemaError(`not a schema: ${String(schema)}`);
}

/**
 * Instants at and just past the edges of the years a person may enter (1990 to 2100), where the
 * two databases once parted ways, drawn as often as any other date.
 */
const EDGE_INSTANTS = [
  '1989-12-31T23:59:59.999Z',
  '1990-01-01T00:00:00.000Z',
  '2100-12-31T23:59:59.999Z',
  '2101-01-01T00:00:00.000Z',
];
const someInstant = fc.oneof(
  fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
  fc.constantFrom(...EDGE_INSTANTS.map((text) => new Date(text))),
);

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  'date-time': someInstant.map((date) => date.toISOString()),
  date: someInstant.map((date) => date.toISOString().slice(0, 10)),
  email: fc.emailAddress(),
  uuid: fc.uuid(),
  uri: fc.webUrl(),
};

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern !== undefined) return fc.stringMatching(new RegExp(schema.pattern));
  if (schema.format !== undefined && FORMATS[schema.format]) return FORMATS[schema.format]!;
  const minLength = schema.minLength ?? 0;
  // Long values get their own hostile cases; valid ones stay short so the whole run stays quick.
  const maxLength = Math.min(schema.maxLength ?? 40, minLength + 40);
  return fc.string({ unit: 'binary', minLength, maxLength });
}

/** A schema's own limits, drawn often: a value at a column's edge is where the databases part ways. */
function withEdges(values: fc.Arbitrary<number>, edges: number[]): fc.Arbitrary<number> {
  return fc.oneof({ weight: 2, arbitrary: values }, { weight: 1, arbitrary: fc.constantFrom(...edges) });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
  const max =
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : undefined);
  if (integer) {
    const low = Math.max(min ?? -(2 ** 31), Number.MIN_SAFE_INTEGER);
    const high = Math.min(max ?? 2 ** 31 - 1, Number.MAX_SAFE_INTEGER);
    return withEdges(fc.integer({ min: low, max: high }), [low, high]);
  }
  const low = min ?? -1e9;
  const high = max ?? 1e9;
  return withEdges(fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true }), [low, high]);
}

function byType(type: string, schema: JsonSchema, at: string): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? conforming(schema.items, `${at}[]`) : fc.constant(null), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, (schema.minItems ?? 0) + 3),
      });
    case 'object': {
      const required = new Set(schema.required ?? []);
      const properties = Object.entries(schema.properties ?? {});
      const known = fc.record(
        Object.fromEntries(properties.map(([key, value]) => [key, conforming(value, `${at}.${key}`)])),
        { requiredKeys: properties.map(([key]) => key).filter((key) => required.has(key)) },
      );
      const extra = schema.additionalProperties;
      if (typeof extra !== 'object') return known;
      return fc
        .tuple(
          known,
          fc.dictionary(
            schema.propertyNames
              ? conforming(schema.propertyNames, `${at}.<key>`).map(String)
              : fc.string({ maxLength: 10 }),
            conforming(extra, `${at}.*`),
            { maxKeys: 3 },
          ),
        )
        .map(([fields, more]) => ({ ...more, ...fields }));
    }
    default:
      throw new UnfuzzableSchemaError(`unknown type "${type}" at ${at}`);
  }
}

/**
 * Values of the schema's shape, so requests get past validation into the handlers (where hostile
 * content inside a valid shape does its damage). A keyword this does not know fails the run: a
 * route it cannot fuzz must not pass unnoticed.
 */
export function conforming(schema: JsonSchema, at = '$'): fc.Arbitrary<unknown> {
  const unknown = Object.keys(schema).filter((key) => !KNOWN.has(key) && !IGNORED.has(key));
  if (unknown.length > 0)
    throw new UnfuzzableSchemaError(`unsupported keywords ${unknown.join(', ')} at ${at}`);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((option, i) => conforming(option, `${at}|${i}`)));
  if (schema.type === undefined) return fc.jsonValue({ maxDepth: 2 });
  const types = [schema.type].flat();
  return fc.oneof(...types.map((type) => byType(type, schema, at)));
}
