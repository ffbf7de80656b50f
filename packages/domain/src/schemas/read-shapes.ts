import { z } from 'zod';

/**
 * Issue 15, read-modify-write (docs/decisions/api-clients.md): an API client that reads a
 * resource and sends back what it read must be understood. GET answers some references as
 * objects (spokenLanguages as [{languageCode}], coaches as {id, firstname, lastname}, categories
 * as [{id, title}]) and some lists under their read name (mentoringAreas); the update bodies
 * take them as ids under their write name. `acceptingReadShape` puts the read shape into the
 * write shape before the schema judges the body; fields only GET has are stripped by the schema.
 * The declared input type stays the write shape (what the web app sends).
 */
export function acceptingReadShape<S extends z.ZodType>(schema: S, normalise: (body: Record<string, unknown>) => void) {
  return z.preprocess<unknown, S, z.input<S>>((value) => {
    if (!isPlainObject(value)) return value;
    const body = { ...value };
    normalise(body);
    return body;
  }, schema);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A reference as GET answers it ({id, ...}) or as an id: the id (anything else as it is). */
export const idOf = (value: unknown, key = 'id'): unknown =>
  isPlainObject(value) && key in value ? value[key] : value;

/** A list of references as objects or ids: the ids (anything else as it is). */
export const idsOf = (value: unknown, key = 'id'): unknown =>
  Array.isArray(value) ? value.map((item) => idOf(item, key)) : value;

/** The read name's value under the write name, unless the write name was sent. */
export function renamed(body: Record<string, unknown>, readName: string, writeName: string) {
  if (body[writeName] === undefined && body[readName] !== undefined) body[writeName] = body[readName];
}
