import fc from 'fast-check';
import { z } from 'zod';
import { type EndpointCase, endpointCases } from './endpointCases.ts';

/**
 * Request bodies generated from the endpoint table (issue 9, "fuzz suite"): each body schema is
 * turned into its JSON Schema (zod's `toJSONSchema`, input side) and from there into fast-check
 * arbitraries of well-formed bodies, which are then mutated the hostile ways: wrong types,
 * missing fields, huge strings, nested junk, unknown and prototype keys, bodies that are not
 * objects. Used by the fuzz test (a sample) and `npm run bench` (10,000+ bodies).
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  format?: string;
};

const HUGE = 'x'.repeat(200_000);

/** Values of any JSON type, small and nested, for the junk mutations. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, '', ' ', '0', '-1', 'null', 'NaN', 'true', '[]', '{}'),
  fc.string({ maxLength: 40 }),
  fc.constantFrom(HUGE, `${'\u{1F600}'.repeat(20_000)}`, '\u0000\uFFFF\uD800', '../../etc/passwd', "'; drop table users; --"),
  fc.json({ maxDepth: 3 }).map((text) => JSON.parse(text) as unknown),
  fc.constant(deepNest(200)),
  fc.array(fc.integer(), { maxLength: 2_000 }),
);

function deepNest(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

function numberArbitrary(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1_000);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 100_000);
  const lo = Math.max(min, -(2 ** 31));
  const hi = Math.min(max, 2 ** 31 - 1);
  if (lo > hi) return fc.constant(lo);
  return integer ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) }) : fc.double({ min: lo, max: hi, noNaN: true });
}

function stringArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).map((v) => v.slice(0, s.maxLength ?? 200));
    } catch {
      // a pattern fast-check cannot drive: plain strings
    }
  }
  if (s.format === 'email') return fc.emailAddress();
  const minLength = s.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(s.maxLength ?? 40, 60)) });
}

/** Well-formed values of a JSON Schema (as far as a schema without refinements says). */
export function arbitraryOfSchema(s: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => arbitraryOfSchema(a, depth + 1)));
  if (s.allOf?.length) return arbitraryOfSchema(s.allOf[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, prop] of Object.entries(props)) record[key] = arbitraryOfSchema(prop, depth + 1);
      return fc.record(record, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
    }
    case 'array':
      return fc.array(arbitraryOfSchema(s.items ?? {}, depth + 1), {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 5, 12)),
      });
    case 'string':
      return stringArbitrary(s);
    case 'integer':
      return numberArbitrary(s, true);
    case 'number':
      return numberArbitrary(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return junk;
  }
}

export function jsonSchemaOf(body: z.ZodType): JsonSchema {
  return z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** One hostile change to a well-formed body. */
function mutate(valid: fc.Arbitrary<unknown>, fields: string[]): fc.Arbitrary<unknown> {
  const asObject = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? { ...(v as object) } : {});
  const field = fields.length > 0 ? fc.constantFrom(...fields) : fc.constant('x');
  return fc.oneof(
    // a field of the wrong type (or junk)
    fc.tuple(valid, field, junk).map(([v, k, j]) => ({ ...asObject(v), [k]: j })),
    // a field missing
    fc.tuple(valid, field).map(([v, k]) => {
      const o = asObject(v);
      delete o[k];
      return o;
    }),
    // every field a huge string
    valid.map((v) => Object.fromEntries(Object.keys(asObject(v)).map((k) => [k, HUGE]))),
    // nested junk in every field
    fc.tuple(valid, fc.constant(deepNest(60))).map(([v, j]) => Object.fromEntries([...Object.keys(asObject(v)), 'extra'].map((k) => [k, j]))),
    // unknown and prototype keys
    valid.map((v) => {
      const rest = JSON.stringify(asObject(v)).slice(1, -1);
      return JSON.parse(`{"__proto__":{"admin":1},"constructor":{"prototype":{"x":1}}${rest ? `,${rest}` : ''}}`);
    }),
    // not an object at all
    junk,
  );
}

/** Well-formed bodies half of the time, hostile ones the other half. */
export function bodyArbitrary(body: z.ZodType): fc.Arbitrary<unknown> {
  let schema: JsonSchema;
  try {
    schema = jsonSchemaOf(body);
  } catch {
    return junk;
  }
  const valid = arbitraryOfSchema(schema);
  return fc.oneof(valid, mutate(valid, Object.keys(schema.properties ?? {})));
}

/**
 * Encodes a body for the wire: JSON, except that a few of the hostile cases are sent as broken
 * JSON text (an unterminated object, a bare word), which a JSON body cannot express.
 */
export function wireBodyArbitrary(body: z.ZodType): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 19, arbitrary: bodyArbitrary(body).map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 1, arbitrary: fc.constantFrom('{"a":', 'undefined', '{', '[1,2', '\u0000', '{"a":1}garbage', '') },
  );
}

export interface FuzzCase {
  endpoint: EndpointCase;
  body: string;
}

/** `perEndpoint` bodies for every endpoint of the table, reproducible by seed. */
export function fuzzCases(perEndpoint: number, seed = 42): FuzzCase[] {
  const out: FuzzCase[] = [];
  endpointCases().forEach((endpoint, i) => {
    for (const body of fc.sample(wireBodyArbitrary(endpoint.body), { numRuns: perEndpoint, seed: seed + i })) {
      out.push({ endpoint, body });
    }
  });
  return out;
}

export interface FuzzSession {
  /** the token signed-in cases use */
  token(): string;
  /** a fresh session, after a fuzzed call ended the current one (logout, password change…) */
  renew(): Promise<void>;
}

export interface FuzzOutcome {
  total: number;
  /** answers with HTTP 500 or envelope code 500 */
  failures: { path: string; body: string; status: number; answer: string }[];
  byStatus: Record<number, number>;
}

/** Sends every case (`concurrency` at a time); a 500 of either kind is a failure. */
export async function fireFuzz(url: string, cases: FuzzCase[], session: FuzzSession, concurrency = 4): Promise<FuzzOutcome> {
  const outcome: FuzzOutcome = { total: 0, failures: [], byStatus: {} };
  let next = 0;
  let renewing: Promise<void> | null = null;
  async function one(c: FuzzCase): Promise<void> {
    const res = await fetch(url + c.endpoint.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(c.endpoint.access === 'user' ? { authorization: session.token() } : {}) },
      body: c.body,
    });
    const text = await res.text();
    let code: unknown;
    try {
      code = (JSON.parse(text) as { code?: unknown }).code;
    } catch {
      code = undefined;
    }
    outcome.total++;
    outcome.byStatus[res.status] = (outcome.byStatus[res.status] ?? 0) + 1;
    if (res.status === 500 || code === 500) {
      outcome.failures.push({ path: c.endpoint.path, body: c.body.slice(0, 300), status: res.status, answer: text.slice(0, 300) });
    }
    if (c.endpoint.access === 'user' && (res.status === 401 || code === -1)) {
      renewing ??= session.renew().finally(() => {
        renewing = null;
      });
      await renewing;
    }
  }
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < cases.length) await one(cases[next++]);
    }),
  );
  return outcome;
}
