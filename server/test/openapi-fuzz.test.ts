import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiRoutes, ROUTE_MATRIX } from './route-matrix';
import { buildWorld, ROLES, rowCounts, type World } from './route-world';

/**
 * Property-based fuzzing (fast-check) of every API operation in the OpenAPI document the server
 * publishes (app.swagger()): path parameters, query and JSON body drawn from the operation's own
 * schemas, mixed with arbitrary JSON and the world's real ids. Each call: never a 5xx; a 4xx is
 * in the `{ error: { code, message } }` envelope and leaves every table's row count and the files
 * as they were. Seeded, a few runs per operation, no shrinking (a failure is reported as drawn).
 */

const SEED = 27;
const RUNS_PER_OPERATION = 4;

type Schema = Record<string, unknown>;
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const HTTP_METHODS = ['get', 'put', 'post', 'patch', 'delete'];
const TRICKY = ["'; DROP TABLE users; --", '<script>x</script>', '../../etc/passwd', 'é漢😀', '\u202e', ' ', '%00', 'null'];

/** Values a JSON Schema accepts (as far as this reading of it goes), mixed with text that breaks it. */
function arbitraryOf(schema: Schema | undefined, doc: OpenApi, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  if (typeof schema.$ref === 'string') return arbitraryOf(doc.components?.schemas?.[schema.$ref.split('/').pop()!], doc, depth + 1);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (options?.length) return fc.oneof(...options.map((s) => arbitraryOf(s, doc, depth + 1)));
  const type = Array.isArray(schema.type) ? (schema.type as string[])[0] : (schema.type as string | undefined);
  switch (type) {
    case 'string': {
      const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 40;
      const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (schema.format === 'email') return fc.emailAddress();
      return fc.oneof(
        fc.string({ minLength, maxLength: Math.min(maxLength, 60) }),
        fc.constantFrom(...TRICKY),
        fc.string({ minLength: maxLength + 1, maxLength: maxLength + 2 }),
      );
    }
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -1e6;
      const max = typeof schema.maximum === 'number' ? schema.maximum : 1e6;
      const inRange = type === 'integer' ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true });
      return fc.oneof(inRange, fc.constantFrom(min - 1, max + 1, 1.5, -0, 1e308));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const maxItems = typeof schema.maxItems === 'number' ? Math.min(schema.maxItems + 1, 6) : 4;
      return fc.array(arbitraryOf(schema.items as Schema | undefined, doc, depth + 1), { maxLength: maxItems });
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = (schema.required ?? []) as string[];
      const record = fc.record(Object.fromEntries(Object.entries(properties).map(([name, s]) => [name, arbitraryOf(s, doc, depth + 1)])), {
        requiredKeys: required.filter((k) => k in properties),
      });
      return fc.oneof(
        { arbitrary: record, weight: 4 },
        { arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }), weight: 1 },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Anything the schema accepts, or any JSON at all (one in five). */
function fuzzed(schema: Schema | undefined, doc: OpenApi): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: arbitraryOf(schema, doc), weight: 4 }, { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 });
}

function asText(value: unknown): string {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The route matrix's entry for an OpenAPI path ('/api/poops/{id}' is 'PUT /api/poops/:id'). */
function matrixKey(method: string, openApiPath: string): string {
  return `${method.toUpperCase()} ${openApiPath.replace(/\{([^}]+)\}/g, ':$1')}`;
}

async function targetFor(world: World, key: string): Promise<string | undefined> {
  const access = ROUTE_MATRIX[key]!;
  const kind = access.fuzzTarget ?? access.target;
  if (!kind) return undefined;
  if (access.fresh === 'target' || access.fuzzTarget) return world.fresh(kind);
  return (world.targets as Record<string, string>)[kind] ?? world.fresh(kind);
}

/**
 * Waits (at most 15 s) until no job of the queue is due or running: the background work of the
 * objects just made (a post's AI screening, a notification's push) writes rows of its own, which
 * must not be counted against the next fuzzed call. Jobs delayed to later (retries, reminders) wait.
 */
async function queueSettled(world: World): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const { rows } = await world.database.executeSql(
      `SELECT count(*) AS n FROM ${world.database.jobsSchema}.job WHERE state = 'active' OR (state IN ('created', 'retry') AND start_after <= now())`,
    );
    if (Number((rows[0] as { n: string | number }).n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('property-based fuzzing of every operation in the OpenAPI document', () => {
  it('never answers 5xx; a 4xx is in the envelope and writes nothing', async () => {
    const world = await buildWorld();
    const doc = world.app.swagger() as unknown as OpenApi;
    const problems: string[] = [];
    let operations = 0;
    let calls = 0;
    for (const [openApiPath, item] of Object.entries(doc.paths).sort(([a], [b]) => a.localeCompare(b))) {
      if (!openApiPath.startsWith('/api/')) continue;
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (!operation) continue;
        const key = matrixKey(method, openApiPath);
        const access = ROUTE_MATRIX[key];
        // No entry: the authorization matrix fails for it. Calls that end their caller's session or account,
        // and pages of someone else's (the Auth emulator's), are left to their own tests.
        if (!access || access.fresh === 'caller' || access.foreign) continue;
        const parameters = operation.parameters ?? [];
        const jsonBody = operation.requestBody?.content?.['application/json']?.schema;
        // A caller the route lets through, so the fuzzed input reaches validation and the handler.
        const role = ROLES.find((r) => access.expect[r] < 300 && r !== 'anonymous') ?? 'owner';
        const cookie = world.callers[role].cookie;
        const realId = await targetFor(world, key);
        await queueSettled(world);
        const named = typeof access.params === 'function' ? access.params(world) : access.params;

        const pathArbs = Object.fromEntries(
          parameters
            .filter((p) => p.in === 'path')
            .map((p) => {
              const real = named?.[p.name] ?? realId;
              const drawn = fuzzed(p.schema, doc).map(asText);
              return [p.name, real === undefined ? drawn : fc.oneof(fc.constant(real), drawn)];
            }),
        );
        const queryArbs = Object.fromEntries(
          parameters.filter((p) => p.in === 'query').map((p) => [p.name, fuzzed(p.schema, doc).map(asText)]),
        );
        const queryRequired = parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name);
        const input = fc.record({
          params: fc.record(pathArbs),
          query: fc.record(queryArbs, { requiredKeys: queryRequired }),
          body: jsonBody ? fuzzed(jsonBody, doc) : fc.constant(undefined),
        });

        operations++;
        const result = await fc.check(
          fc.asyncProperty(input, async ({ params, query, body }) => {
            const values = params as Record<string, string>;
            // A path always has every parameter; an empty one is another URL.
            if (Object.values(values).some((v) => v === '')) return true;
            const url = openApiPath.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name]!));
            const search = new URLSearchParams(query as Record<string, string>).toString();
            const before = await rowCounts(world);
            const filesBefore = world.files().join('\n');
            const res = await world.app.inject({
              method: method.toUpperCase() as 'GET',
              url: `${url}${search ? `?${search}` : ''}`,
              headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
              ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
            });
            calls++;
            if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
            if (res.statusCode >= 400) {
              const envelope = res.json<{ error?: { code?: unknown; message?: unknown } }>();
              if (typeof envelope.error?.code !== 'string' || typeof envelope.error.message !== 'string')
                throw new Error(`${res.statusCode} not in the envelope: ${res.body.slice(0, 200)}`);
              const after = await rowCounts(world);
              const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
              if (changed.length > 0) throw new Error(`${res.statusCode} but rows changed in ${changed.join(', ')}`);
              if (world.files().join('\n') !== filesBefore) throw new Error(`${res.statusCode} but files changed`);
            }
            return true;
          }),
          { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
        );
        if (result.failed) problems.push(`${key}: ${fc.defaultReportMessage(result)?.split('\n').slice(0, 6).join(' | ')}`);
      }
    }
    expect(problems).toEqual([]);
    // A route missing from the document would escape this test: every API route is there but the docs' own pages
    // and the Auth emulator's (not ours, development only).
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([p, item]) => HTTP_METHODS.filter((m) => item[m]).map((m) => matrixKey(m, p))),
    );
    expect(apiRoutes(world).filter((k) => !documented.has(k) && !k.includes('/api/docs') && !ROUTE_MATRIX[k]?.foreign)).toEqual([]);
    // The document covers the API: most of the route table's operations were fuzzed.
    expect(operations).toBeGreaterThan(60);
    expect(calls).toBeGreaterThan(operations * 2);
  }, 300_000);
});
