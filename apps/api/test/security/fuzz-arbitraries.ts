import fc from 'fast-check';
import type { JsonSchema, OpenApiOperation } from './openapi-routes';
import { jsonBodyOf } from './openapi-routes';

/**
 * fast-check arbitraries from the app's OpenAPI document: values that fit the declared schema
 * (so requests get past validation into the services) mixed with hostile ones (wrong types,
 * injection strings, boundary numbers, broken encodings), for path, query and body.
 */

export const hostileStrings = [
  '',
  ' ',
  "' OR 1=1 --",
  '"; DROP TABLE persons; --',
  "\\'; select pg_sleep(5); --",
  '%',
  '_',
  '%25',
  '%zz',
  '\\',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uFFFF',
  '𝕏'.repeat(60),
  'ß'.repeat(300),
  '../../../../etc/passwd',
  '..%2f..%2f',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  '__proto__',
  'constructor',
  'prototype',
  'NaN',
  'Infinity',
  '-1',
  '1e999',
  '0x1F',
  '9'.repeat(40),
  'true',
  'null',
  '[]',
  '{}',
  '\r\nX-Injected: 1',
  '2024-02-30',
  '0000-00-00',
  '9999-12-31',
  '-000001-01-01',
  // Issue 15: days PostgreSQL or the product's range (1900 to 2199) refuses.
  '0000-01-01',
  '0001-01-01',
  '1899-12-31',
  '10000-01-01',
  '0000-01-01T00:00:00Z',
  'a\u0001\u001b\u007fb',
  '2024-01-01T25:61:00Z',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
  'a'.repeat(10_001),
];

const hostileNumbers = [0, -1, -0, 1.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, -1e308, 1e-308];

/** Any JSON value of the wrong kind, or a hostile one. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...hostileStrings),
  fc.constantFrom(...hostileNumbers),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant({ __proto__: { isAdmin: true } }),
  fc.constant(JSON.parse('{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}')),
  fc.constant(Array.from({ length: 500 }, () => 0)),
  fc.constant(JSON.parse('['.repeat(200) + ']'.repeat(200))),
);

const isoDate = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const isoDateTime = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().replace(/\.\d{3}Z$/, 'Z'));

const typesOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

/** A value that fits `schema` (ids from `ids`), without hostile admixture. */
export function fittingValue(schema: JsonSchema, ids: fc.Arbitrary<string>, depth = 0): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  let value: fc.Arbitrary<unknown>;
  if (alternatives?.length) value = fc.oneof(...alternatives.map((s) => fittingValue(s, ids, depth)));
  else if (schema.allOf?.length) value = fittingValue(schema.allOf[0]!, ids, depth);
  else if (schema.enum?.length) value = fc.constantFrom(...schema.enum);
  else if (schema.const !== undefined) value = fc.constant(schema.const);
  else {
    const [type] = typesOf(schema);
    value = valueOfType(type, schema, ids, depth);
  }
  return schema.nullable ? fc.option(value, { nil: null, freq: 6 }) : value;
}

function valueOfType(type: string | undefined, schema: JsonSchema, ids: fc.Arbitrary<string>, depth: number) {
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return ids;
      if (schema.format === 'date') return isoDate;
      if (schema.format === 'date-time') return isoDateTime;
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.pattern === '^\\d{1,9}$' || schema.pattern === '^-?\\d+$')
        return fc.integer({ min: 0, max: 200 }).map(String);
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 60) });
    case 'integer':
    case 'number':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -(2 ** 31)),
        max: Math.min(schema.maximum ?? 1000, 2 ** 31),
      });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? fittingValue(schema.items, ids, depth + 1) : fc.jsonValue(), {
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object': {
      if (depth > 4 || !schema.properties)
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue(), { maxKeys: 3 });
      const record = Object.fromEntries(
        Object.entries(schema.properties).map(([key, property]) => [key, mutated(property, ids, depth + 1)]),
      );
      return fc.record(record, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Mostly fitting, sometimes hostile: deep fields are reached, and broken there too. */
export const mutated = (schema: JsonSchema, ids: fc.Arbitrary<string>, depth = 0): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 6, arbitrary: fittingValue(schema, ids, depth) }, { weight: 1, arbitrary: hostileValue });

export type FuzzRequest = {
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/json; charset=utf-16',
];
const languages = ['de-CH', 'fr', 'it-CH,it;q=0.9', 'en-US', 'xx', '*', ';q=abc', 'de-CH;q=1e999', 'a'.repeat(300)];

type Pairs = Array<[string, string]>;

/** Percent-encodes every byte of the UTF-8 form (a lone surrogate, which encodeURIComponent refuses, too). */
const percentEncode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
};

/** Raw mode keeps broken percent-encodings (`%zz`) and `+`, escaping only what a URL cannot hold. */
const encode = (text: string, isRaw: boolean) =>
  isRaw ? text.replace(/[^\x21-\x7e]|[#&=]/gu, (ch) => percentEncode(ch)) : percentEncode(text);

const asQueryValue = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

const toPairs =
  (name: string) =>
  (value: unknown): Pairs =>
    Array.isArray(value) ? value.map((v): [string, string] => [name, asQueryValue(v)]) : [[name, asQueryValue(value)]];

/** A whole request for a route: path params, query, headers and body. */
export function fuzzRequest(
  route: { method: string; url: string },
  operation: OpenApiOperation,
  ids: fc.Arbitrary<string>,
): fc.Arbitrary<FuzzRequest> {
  const pathParam = fc.oneof(
    { weight: 5, arbitrary: ids },
    { weight: 1, arbitrary: fc.constantFrom(...hostileStrings) },
  );
  const params = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  const queryParams = (operation.parameters ?? []).filter((p) => p.in === 'query');
  const declared = queryParams.map((p) => fc.option(mutated(p.schema, ids).map(toPairs(p.name)), { freq: 3, nil: [] }));
  const extra = fc.array(
    fc.tuple(
      fc.constantFrom('x', 'Page', 'PerPage', 'SortBy', '__proto__', 'a[b]'),
      fc.constantFrom(...hostileStrings),
    ),
    { maxLength: 2 },
  );
  const query = fc.tuple(fc.tuple(...declared), extra).map(([known, unknown]): Pairs => [...known.flat(), ...unknown]);
  const bodySchema = jsonBodyOf(operation);
  const jsonBody = bodySchema ? mutated(bodySchema, ids) : fc.oneof(fc.constant(undefined), hostileValue);
  const body = fc.oneof(
    { weight: 8, arbitrary: jsonBody.map((value) => (value === undefined ? undefined : JSON.stringify(value))) },
    { weight: 1, arbitrary: fc.constantFrom('{"unterminated": ', 'not json', '\u0000', '{"a":1,"a":2}', '[]') },
  );
  const contentType = fc.oneof(
    { weight: 6, arbitrary: fc.constant('application/json') },
    { weight: 1, arbitrary: fc.constantFrom(...contentTypes) },
  );
  return fc
    .record({
      path: fc.tuple(...params.map(() => pathParam)),
      query,
      isRaw: fc.boolean(),
      body,
      contentType,
      language: fc.constantFrom(...languages),
    })
    .map(({ path, query: pairs, isRaw, body: payload, contentType: type, language }) => {
      let index = 0;
      const url = route.url.replace(/:[A-Za-z]+/g, () => percentEncode(path[index++] ?? ''));
      const search = pairs.map(([k, v]) => `${encode(k, isRaw)}=${encode(v, isRaw)}`).join('&');
      const hasBody = route.method !== 'GET' && payload !== undefined;
      return {
        url: search ? `${url}?${search}` : url,
        headers: { 'accept-language': language, ...(hasBody ? { 'content-type': type } : {}) },
        ...(hasBody ? { payload } : {}),
      };
    });
}
