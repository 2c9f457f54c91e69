import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../core/test/seeded-random';
import { apiRoutes, fillPath, paramsOf, ROUTE_MATRIX } from './route-matrix';
import { buildWorld, rowCounts } from './route-world';
import { isErrorEnvelope } from './error-envelope';

/**
 * Schema-driven malformed input for every route of the route table: from each route's own
 * request schemas (TypeBox, i.e. JSON Schema), deterministic (seeded) cases that the server's
 * validators refuse, sent as a signed-in owner so they get past the session checks. Each must be
 * answered 4xx in the `{ error: { code, message } }` envelope and leave no row and no file behind.
 * Then seeded valid-looking inputs: never a 5xx, and a 4xx among them writes nothing either.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = Record<string, unknown>;
type Part = 'params' | 'querystring' | 'body';

const SEED = 27;
const RANDOM_VALID_CASES = 6;

// The same compilers as plugins/validation.ts: bodies strict, text parts coerced.
const strictBody = addFormats(new Ajv({ useDefaults: true, allErrors: false, strict: false, coerceTypes: false, removeAdditional: false }));
const coercing = addFormats(new Ajv({ useDefaults: true, allErrors: false, strict: false, coerceTypes: 'array', removeAdditional: true }));
const compiled = new Map<Schema, ValidateFunction>();
function accepts(part: Part, schema: Schema, value: unknown): boolean {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = (part === 'body' ? strictBody : coercing).compile(schema);
    compiled.set(schema, validate);
  }
  // Text parts travel as strings: check what the server will see (a structured clone, since validation coerces in place).
  return validate(part === 'body' ? structuredClone(value) : asText(value));
}

function asText(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, v === null || typeof v !== 'object' ? String(v) : JSON.stringify(v)]),
  );
}

const TRICKY_TEXT = ["'; DROP TABLE users; --", '<script>x</script>', '../../etc/passwd', 'é漢😀', '\u202e', ' '];

/** Values that break `schema` in some way (some may still be valid: the caller filters them through ajv). */
function invalidValues(schema: Schema): Json[] {
  const out: Json[] = [null, true, 12345, 'not-valid', {}, [], -1, 1.5, '', 'x'.repeat(10_001)];
  if (typeof schema.maxLength === 'number') out.push('x'.repeat(schema.maxLength + 1));
  if (typeof schema.minimum === 'number') out.push(schema.minimum - 1);
  if (typeof schema.maximum === 'number') out.push(schema.maximum + 1, '1e999');
  if (typeof schema.maxItems === 'number') out.push(Array.from({ length: schema.maxItems + 1 }, () => 'x'));
  if (schema.type === 'array' && schema.items) out.push(invalidValues(schema.items as Schema).slice(0, 3));
  if (schema.type === 'object' && schema.properties) out.push({ unexpected: 'field' });
  out.push(...TRICKY_TEXT);
  return out;
}

/** A value `schema` accepts, varied by `random` (undefined when this generator cannot make one). */
function validValue(schema: Schema, random: () => number, depth = 0): Json | undefined {
  if ('const' in schema) return schema.const as Json;
  if (Array.isArray(schema.enum)) return schema.enum[Math.floor(random() * schema.enum.length)] as Json;
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches) return validValue(branches[Math.floor(random() * branches.length)]!, random, depth);
  switch (schema.type) {
    case 'null':
      return null;
    case 'boolean':
      return random() < 0.5;
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -1000;
      const max = typeof schema.maximum === 'number' ? schema.maximum : 1000;
      const n = min + random() * (max - min);
      return schema.type === 'integer' ? Math.floor(n) : n;
    }
    case 'string': {
      if (schema.format === 'uuid' || (typeof schema.pattern === 'string' && schema.pattern.includes('{8}-'))) return uuid(random);
      if (schema.format === 'date-time') return new Date(Date.UTC(2026, 0, 1 + Math.floor(random() * 300))).toISOString();
      const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
      const max = Math.min(typeof schema.maxLength === 'number' ? schema.maxLength : 24, min + 24);
      const length = min + Math.floor(random() * (max - min + 1));
      const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789 éö漢-_.';
      let text = '';
      while ([...text].length < length) text += alphabet[Math.floor(random() * alphabet.length)];
      return [...text].slice(0, length).join('');
    }
    case 'array': {
      if (depth > 3 || !schema.items) return [];
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const count = min + Math.floor(random() * 3);
      const items = Array.from({ length: count }, () => validValue(schema.items as Schema, random, depth + 1));
      return items.every((i) => i !== undefined) ? items : undefined;
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      const value: Record<string, Json> = {};
      for (const [key, property] of Object.entries(properties)) {
        if (!required.has(key) && random() < 0.4) continue;
        const v = validValue(property, random, depth + 1);
        if (v === undefined) return undefined;
        value[key] = v;
      }
      return value;
    }
    default:
      return undefined;
  }
}

function uuid(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Objects that differ from `base` in one way each: a property broken, a required one missing, an unknown one added. */
function brokenObjects(schema: Schema, base: Record<string, Json>): Json[] {
  const out: Json[] = [];
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  for (const [key, property] of Object.entries(properties)) {
    for (const wrong of invalidValues(property)) out.push({ ...base, [key]: wrong });
    const { [key]: _dropped, ...without } = base;
    out.push(without);
  }
  out.push({ ...base, notInTheSchema: 'x' });
  return out;
}

interface Case {
  part: Part;
  description: string;
  params: Record<string, string>;
  query: Record<string, Json>;
  body?: { raw: string; contentType: string } | { json: Json };
  mustBeRefused: boolean;
}

describe('malformed input on every route, from its own schemas', () => {
  it('answers 4xx in the envelope, never 5xx, and writes nothing on a 4xx', async () => {
    const world = await buildWorld();
    const random = seededRandom(SEED);
    const owner = world.callers.owner;
    const problems: string[] = [];
    let sent = 0;
    for (const key of apiRoutes(world)) {
      const access = ROUTE_MATRIX[key];
      // The authorization matrix fails for a route without an entry; here it only cannot be called right.
      if (!access || access.fresh === 'caller') continue;
      const [method, url] = key.split(' ') as [string, string];
      const route = world.app.routeTable.find((r) => r.method === method && r.url === url)!;
      const schema = (route.schema ?? {}) as Partial<Record<Part, Schema>>;
      if (!schema.params && !schema.querystring && !schema.body) continue;

      const targetId = access.fuzzTarget
        ? await world.fresh(access.fuzzTarget)
        : access.target
          ? access.fresh === 'target'
            ? await world.fresh(access.target)
            : ((world.targets as Record<string, string>)[access.target] ?? (await world.fresh(access.target)))
          : undefined;
      const baseParams: Record<string, string> = {};
      const named = paramsOf(world, access);
      for (const match of url.matchAll(/:([A-Za-z0-9_]+)/g)) baseParams[match[1]!] = named?.[match[1]!] ?? targetId ?? '';
      const request = (await access.request?.(world, owner)) ?? {};
      const baseQuery = (request.query ?? (schema.querystring ? validValue(schema.querystring, random) : {}) ?? {}) as Record<string, Json>;
      const baseBody = (request.json ?? (schema.body ? validValue(schema.body, random) : undefined)) as Json | undefined;

      const cases: Case[] = [];
      const add = (c: Omit<Case, 'mustBeRefused'>, part: Part, value: unknown) =>
        cases.push({ ...c, mustBeRefused: !accepts(part, schema[part]!, value) });
      if (schema.params) {
        for (const broken of brokenObjects(schema.params, baseParams)) {
          const params = broken as Record<string, Json>;
          // A path always has every parameter, as text; an empty one is another URL.
          if (Object.keys(baseParams).some((k) => params[k] === undefined || params[k] === '' || typeof params[k] === 'object')) continue;
          add(
            {
              part: 'params',
              description: `params ${JSON.stringify(params).slice(0, 80)}`,
              params: asText(params) as Record<string, string>,
              query: baseQuery,
              body: baseBody === undefined ? undefined : { json: baseBody },
            },
            'params',
            params,
          );
        }
      }
      if (schema.querystring) {
        for (const broken of brokenObjects(schema.querystring, baseQuery)) {
          add(
            {
              part: 'querystring',
              description: `query ${JSON.stringify(broken).slice(0, 80)}`,
              params: baseParams,
              query: broken as Record<string, Json>,
              body: baseBody === undefined ? undefined : { json: baseBody },
            },
            'querystring',
            broken,
          );
        }
      }
      if (schema.body) {
        const objectBase = baseBody && typeof baseBody === 'object' && !Array.isArray(baseBody) ? (baseBody as Record<string, Json>) : {};
        const bodies: Json[] = [null, [], 'text', 0, {}, ...brokenObjects(schema.body, objectBase)];
        for (const body of bodies)
          add(
            {
              part: 'body',
              description: `body ${JSON.stringify(body).slice(0, 80)}`,
              params: baseParams,
              query: baseQuery,
              body: { json: body },
            },
            'body',
            body,
          );
        for (const [raw, contentType] of [
          ['{"truncated": ', 'application/json'],
          ['not json at all', 'application/json'],
          ['a=1&b=2', 'application/x-www-form-urlencoded'],
          ['<xml/>', 'application/xml'],
        ] as const) {
          cases.push({
            part: 'body',
            description: `body ${contentType} ${raw}`,
            params: baseParams,
            query: baseQuery,
            body: { raw, contentType },
            mustBeRefused: true,
          });
        }
      }
      for (let i = 0; i < RANDOM_VALID_CASES; i++) {
        const params = schema.params ? ((validValue(schema.params, random) ?? baseParams) as Record<string, Json>) : baseParams;
        const query = schema.querystring ? ((validValue(schema.querystring, random) ?? baseQuery) as Record<string, Json>) : baseQuery;
        const body = schema.body ? validValue(schema.body, random) : baseBody;
        if (Object.keys(baseParams).some((k) => params[k] === undefined || params[k] === '')) continue;
        cases.push({
          part: 'body',
          description: `valid-looking ${JSON.stringify({ params, query, body }).slice(0, 120)}`,
          params: asText(params) as Record<string, string>,
          query,
          body: body === undefined ? undefined : { json: body },
          mustBeRefused: false,
        });
      }

      for (const c of cases) {
        const before = await rowCounts(world);
        const filesBefore = world.files();
        const search = new URLSearchParams(
          Object.entries(c.query).flatMap(([k, v]) =>
            v === undefined ? [] : [[k, v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v)] as [string, string]],
          ),
        ).toString();
        const path = fillPath(url, { params: c.params }, undefined);
        const headers: Record<string, string> = { cookie: owner.cookie! };
        let payload: string | undefined;
        if (c.body && 'raw' in c.body) {
          headers['content-type'] = c.body.contentType;
          payload = c.body.raw;
        } else if (c.body) {
          headers['content-type'] = 'application/json';
          payload = JSON.stringify(c.body.json);
        }
        const res = await world.app.inject({
          method: method as 'GET',
          url: `${path}${search ? `?${search}` : ''}`,
          headers,
          ...(payload === undefined ? {} : { payload }),
        });
        sent++;
        const where = `${key} ${c.description}`;
        if (res.statusCode >= 500) problems.push(`${where}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        if (c.mustBeRefused && (res.statusCode < 400 || res.statusCode >= 500))
          problems.push(`${where}: ${res.statusCode}, expected a 4xx`);
        if (res.statusCode >= 400 && res.statusCode < 500) {
          try {
            expect(res.json()).toSatisfy(isErrorEnvelope);
          } catch {
            problems.push(`${where}: ${res.statusCode} not in the envelope: ${res.body.slice(0, 160)}`);
          }
          const after = await rowCounts(world);
          const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
          if (changed.length > 0) problems.push(`${where}: ${res.statusCode} but rows changed in ${changed.join(', ')}`);
          if (world.files().join('\n') !== filesBefore.join('\n')) problems.push(`${where}: ${res.statusCode} but files changed`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(200);
  }, 600_000);
});
