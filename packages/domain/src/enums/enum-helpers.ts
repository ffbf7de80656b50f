import { z } from 'zod';
import { defineEnumValues, type EnumDescriptor, type EnumMembers, type EnumValue } from './enum-values';

// The enum modules import these from here; they live in the zod-free enum-values.ts.
export { isOneOf } from './enum-values';
export type {
  EnumDescriptor,
  EnumLabelKey,
  EnumMemberName,
  EnumMembers,
  EnumMemberValue,
  EnumValue,
} from './enum-values';

type Schemas<M extends EnumMembers> = {
  /** Accepts exactly the values (numbers stay numbers: "10" is refused). For JSON bodies. */
  readonly schema: z.ZodLiteral<EnumValue<M>>;
  /**
   * Like `schema`, but a numeric enum also accepts the decimal text of a value ("10" -> 10),
   * because query parameters arrive as strings.
   */
  readonly querySchema: z.ZodType<EnumValue<M>, EnumValue<M> | string>;
};

/** An enum with its schemas (`defineEnum`). */
export type EnumWithSchemas<N extends string, M extends EnumMembers> = EnumDescriptor<N, M> & Schemas<M>;

// One pair of schemas per enum, however often asked for.
const built = new WeakMap<object, Schemas<EnumMembers>>();

function schemasOf<N extends string, M extends EnumMembers>(descriptor: EnumDescriptor<N, M>): Schemas<M> {
  const known = built.get(descriptor) as Schemas<M> | undefined;
  if (known) return known;
  const { values } = descriptor;
  const schema = z.literal(values) as z.ZodLiteral<EnumValue<M>>;
  const isNumeric = values.every((v) => typeof v === 'number');
  const querySchema: z.ZodType<EnumValue<M>, EnumValue<M> | string> = isNumeric
    ? z.union([
        schema,
        z
          .string()
          .regex(/^-?\d+$/)
          .transform(Number)
          // only reached for numeric enums, where every value is a number
          .pipe(schema as unknown as z.ZodType<EnumValue<M>, number>),
      ])
    : schema;
  const schemas = { schema, querySchema };
  built.set(descriptor, schemas as unknown as Schemas<EnumMembers>);
  return schemas;
}

/** The schema of an enum's values, also for the zod-free enums of enum-values.ts. */
export const enumSchema = <N extends string, M extends EnumMembers>(descriptor: EnumDescriptor<N, M>) =>
  schemasOf(descriptor).schema;

/** The query-parameter schema of an enum's values ("10" -> 10 for numeric enums). */
export const enumQuerySchema = <N extends string, M extends EnumMembers>(descriptor: EnumDescriptor<N, M>) =>
  schemasOf(descriptor).querySchema;

/**
 * Describes an enum written as a plain object literal that reads like the spec's table, with
 * its schemas:
 *
 *   export const ClubType = { regional: 0, national: 10, continental: 20, worldwide: 30 } as const;
 *   export const clubTypeEnum = defineEnum('clubType', ClubType);
 *
 * The object is frozen in place. Values must be unique (checked once, at module load).
 */
export function defineEnum<const N extends string, const M extends EnumMembers>(
  name: N,
  members: M,
): EnumWithSchemas<N, M> {
  const descriptor = defineEnumValues(name, members);
  const schemas = schemasOf(descriptor);
  const withSchemas = Object.freeze({ ...descriptor, ...schemas });
  built.set(withSchemas, schemas as unknown as Schemas<EnumMembers>);
  return withSchemas;
}
