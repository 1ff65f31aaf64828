import fc from 'fast-check';
import type { HTTPMethods } from 'fastify';
import type { RouteEntry } from '#server/plugins/route-table.ts';
import { fillPath, label, pathParams } from '../routes.ts';
import { conforming, toJsonSchema, UnfuzzableSchemaError } from './from-schema.ts';
import {
  contentType,
  encodeHostile,
  hostileJson,
  hostileQuery,
  hostileSegment,
  hostileString,
  RAW_BODIES,
  withProtoKey,
} from './hostile.ts';

export interface FuzzRequest {
  method: HTTPMethods;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const WITH_BODY = new Set<string>(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Replaces one field of an object (or the whole value) with something hostile. */
function spoilOne(value: unknown, index: number, replacement: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return replacement;
  const keys = Object.keys(value);
  if (keys.length === 0) return replacement;
  return { ...value, [keys[index % keys.length]!]: replacement };
}

function schemaPart(route: RouteEntry, part: 'params' | 'querystring' | 'body') {
  const schema = route.schema?.[part];
  return schema === undefined ? undefined : toJsonSchema(schema);
}

function pathArbitrary(route: RouteEntry): fc.Arbitrary<string> {
  const names = pathParams(route.url);
  if (names.length === 0) return fc.constant(route.url);
  const properties = schemaPart(route, 'params')?.properties ?? {};
  const segments = names.map((name) => {
    const schema = properties[name];
    if (!schema) throw new UnfuzzableSchemaError(`path parameter :${name} has no schema`);
    return fc.oneof(
      conforming(schema, `params.${name}`).map((value) => encodeHostile(String(value))),
      // The first rows' ids, which exist in a seeded database: requests that reach a real row.
      fc.constantFrom('1', '2', '3'),
      hostileSegment,
    );
  });
  return fc.tuple(...segments).map((values) => fillPath(route.url, (name) => values[names.indexOf(name)]!));
}

function queryArbitrary(route: RouteEntry): fc.Arbitrary<string> {
  const schema = schemaPart(route, 'querystring');
  const hostile = fc.oneof(fc.constant(''), hostileQuery);
  if (!schema) return hostile;
  const encode = (value: unknown) =>
    typeof value === 'object' && value !== null
      ? `?${Object.entries(value)
          .map(([k, v]) => `${encodeHostile(k)}=${encodeHostile(String(v))}`)
          .join('&')}`
      : '';
  const valid = conforming(schema, 'query');
  return fc.oneof(
    valid.map(encode),
    fc.tuple(valid, fc.nat(), hostileString).map(([value, i, bad]) => encode(spoilOne(value, i, bad))),
    hostile,
  );
}

/**
 * What a body schema's JSON form cannot say (a zod refinement), made true of the bodies built to
 * conform, so those requests reach the handler instead of stopping at validation.
 */
const REFINEMENTS: Record<string, (body: Record<string, unknown>) => Record<string, unknown>> = {
  'POST /api/auth/register': (body) => ({ ...body, confirm_password: body.password }),
  'POST /api/auth/password': (body) => ({ ...body, confirm_password: body.new_password }),
  'POST /api/auth/password-reset': (body) => ({ ...body, confirm_password: body.password }),
};

function refined(route: RouteEntry, value: unknown): unknown {
  const refine = REFINEMENTS[label(route)];
  if (!refine || typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return refine(value as Record<string, unknown>);
}

function bodyArbitrary(route: RouteEntry): fc.Arbitrary<string | undefined> {
  const schema = schemaPart(route, 'body');
  const hostile = fc.oneof(
    fc.constant(undefined),
    hostileJson.map((value) => JSON.stringify(value)),
    fc.constantFrom(...RAW_BODIES),
  );
  if (!schema) return hostile;
  const valid = conforming(schema, 'body').map((value) => refined(route, value));
  return fc.oneof(
    { weight: 2, arbitrary: valid.map((value) => JSON.stringify(value)) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(valid, fc.nat(), fc.oneof(hostileJson, hostileString))
        .map(([value, i, bad]) => JSON.stringify(spoilOne(value, i, bad))),
    },
    { weight: 1, arbitrary: valid.map((value) => withProtoKey(JSON.stringify(value))) },
    { weight: 2, arbitrary: hostile },
  );
}

/**
 * Requests for one route: its path with valid or hostile parameters, a query string and (for
 * methods with a body) a body, each either shaped by the route's schema with hostile content or
 * hostile outright. Throws UnfuzzableSchemaError when the route's schema cannot be read.
 */
export function requestsFor(route: RouteEntry): fc.Arbitrary<FuzzRequest> {
  try {
    const body = WITH_BODY.has(route.method)
      ? fc.record({ payload: bodyArbitrary(route), type: contentType })
      : fc.constant({ payload: undefined, type: undefined });
    const origin = fc.oneof(
      { weight: 9, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constantFrom('http://evil.example', 'null', 'not a url') },
    );
    return fc
      .record({ path: pathArbitrary(route), query: queryArbitrary(route), body, origin })
      .map(({ path, query, body: { payload, type }, origin: from }) => ({
        method: route.method,
        url: `${path}${query}`,
        headers: {
          ...(payload !== undefined && type !== undefined ? { 'content-type': type } : {}),
          ...(from !== undefined ? { origin: from } : {}),
        },
        ...(payload !== undefined ? { payload } : {}),
      }));
  } catch (error) {
    if (error instanceof UnfuzzableSchemaError) {
      throw new UnfuzzableSchemaError(`cannot fuzz ${label(route)}: ${error.message}`);
    }
    throw error;
  }
}
