import { z } from 'zod';
import { ValidationCode } from '../validation';

/**
 * Building blocks of query-string schemas (DESIGN "Facts"): a repeated key arrives as an array,
 * a single one as a string, so lists are normalised to arrays first; booleans are the texts
 * 'true' and 'false' (spec 01 §5), never z.coerce.boolean() which reads "false" as true.
 */
const c = ValidationCode;

/** `Clubs=a&Clubs=b`, `Clubs=a` or absent: always an array (absent gives []). */
export const queryList = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : [v]),
    z.array(item, { error: c.invalid }).max(200, { error: c.tooLong }),
  );

/** 'true' or 'false' only. */
export const queryBoolean = () => z.stringbool({ truthy: ['true'], falsy: ['false'], error: c.boolean });

/** A whole number >= 0 given as digits. */
export const queryInteger = (options: { max?: number } = {}) =>
  z
    .string({ error: c.integer })
    .regex(/^\d{1,9}$/, { error: c.integer })
    .transform(Number)
    .pipe(z.number().max(options.max ?? 1_000_000_000, { error: c.invalid }));

/** A UUID in a query or path (an id). */
export const uuidValue = () => z.uuid({ error: c.invalid });

/**
 * Page (zero-based) and PerPage (0 means all), DESIGN "API contract". `perPageDefault` applies
 * when PerPage is absent.
 */
export const pagingQuery = (perPageDefault: number) => ({
  Page: queryInteger().default(0),
  PerPage: queryInteger({ max: 1000 }).default(perPageDefault),
});

/** `SortBy=a&SortDesc=true&SortBy=b&SortDesc=false`: one direction per key, missing ones ascending. */
export const sortQuery = <const K extends readonly [string, ...string[]]>(keys: K) => ({
  SortBy: queryList(z.enum(keys, { error: c.invalid })),
  SortDesc: queryList(queryBoolean()),
});

/** A paged list answer (DESIGN "API contract"). */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int() });

/**
 * What a client passes for a query schema (the web app's requests): each parameter under its
 * name, optional, as the value the server reads after parsing (numbers, booleans, lists as
 * arrays); the client writes them as text. `z.input` would be that text, or `unknown` where a
 * list is normalised first, so a misspelt name would compile; here it does not.
 */
export type QueryInput<S extends z.ZodType> = {
  [K in keyof z.output<S>]?: (z.output<S>[K] extends readonly (infer I)[] ? readonly I[] : z.output<S>[K]) | undefined;
};

/** `{ id }` path parameters. */
export const idParamsSchema = z.object({ id: uuidValue() });
