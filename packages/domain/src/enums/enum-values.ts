/**
 * Enums as data, without zod. The enums the web app's signed-in shell reads are defined with
 * `defineEnumValues`: membership type, roles and export format (the permission rules behind its
 * menus) and notification (the bell). So the shell does not load zod (issue 8, about 25 KB gzip).
 * The other enums use `defineEnum` (enum-helpers.ts), which adds the schemas; `enumSchema` and
 * `enumQuerySchema` there give the schemas of these.
 */

/** A member's value: the spec's number, or a fixed string where the spec names strings (roles, languages). */
export type EnumMemberValue = number | string;
export type EnumMembers = Readonly<Record<string, EnumMemberValue>>;
/** The union of an enum object's values: `EnumValue<typeof ClubType>` is `0 | 10 | 20 | 30`. */
export type EnumValue<M extends EnumMembers> = M[keyof M];
export type EnumMemberName<M extends EnumMembers> = keyof M & string;
/** The i18n key of a member's label, e.g. `enum.clubType.regional` (see `labels/*.json`). */
export type EnumLabelKey<N extends string, M extends EnumMembers> = `enum.${N}.${EnumMemberName<M>}`;

export interface EnumDescriptor<N extends string, M extends EnumMembers> {
  /** The label group: labels live under `enum.<name>` in every locale file. */
  readonly name: N;
  /** The frozen enum object, member name -> value, in spec order. */
  readonly members: M;
  readonly names: ReadonlyArray<EnumMemberName<M>>;
  readonly values: ReadonlyArray<EnumValue<M>>;
  is(value: unknown): value is EnumValue<M>;
  /** The member name of a value; throws a RangeError for a value that is not a member. */
  nameOf(value: EnumValue<M>): EnumMemberName<M>;
  /** The label's i18n key. An unknown value (stale data) gives `enum.<name>.<value>` instead of throwing. */
  labelKey(value: EnumValue<M>): EnumLabelKey<N, M>;
}

/**
 * Describes an enum written as a plain object literal that reads like the spec's table:
 *
 *   export const ExportFormat = { allData: 0, emailList: 10, ... } as const;
 *   export const exportFormatEnum = defineEnumValues('exportFormat', ExportFormat);
 *
 * The object is frozen in place. Values must be unique (checked once, at module load).
 */
export function defineEnumValues<const N extends string, const M extends EnumMembers>(
  name: N,
  members: M,
): EnumDescriptor<N, M> {
  Object.freeze(members);
  const names = Object.freeze(Object.keys(members)) as ReadonlyArray<EnumMemberName<M>>;
  const values = Object.freeze(names.map((n) => members[n])) as ReadonlyArray<EnumValue<M>>;
  const nameByValue = new Map<EnumMemberValue, EnumMemberName<M>>();
  for (const n of names) {
    const v = members[n] as EnumMemberValue;
    if (nameByValue.has(v)) throw new Error(`enum ${name}: value ${String(v)} is used twice`);
    nameByValue.set(v, n);
  }
  if (values.length === 0) throw new Error(`enum ${name} has no members`);

  return Object.freeze({
    name,
    members,
    names,
    values,
    is: (value: unknown): value is EnumValue<M> =>
      (typeof value === 'number' || typeof value === 'string') && nameByValue.has(value),
    nameOf(value: EnumValue<M>): EnumMemberName<M> {
      const n = nameByValue.get(value);
      if (n === undefined) throw new RangeError(`${String(value)} is not a value of enum ${name}`);
      return n;
    },
    labelKey(value: EnumValue<M>): EnumLabelKey<N, M> {
      return `enum.${name}.${nameByValue.get(value) ?? String(value)}` as EnumLabelKey<N, M>;
    },
  });
}

/**
 * A type guard for a named subset of an enum's values (e.g. the member types):
 *   export const memberTypes = [MembershipType.single, ...] as const;
 *   export const isMemberType = isOneOf(memberTypes);
 */
export function isOneOf<const V extends EnumMemberValue>(values: ReadonlyArray<V>): (value: unknown) => value is V {
  const set = new Set<unknown>(values);
  return (value: unknown): value is V => set.has(value);
}
