// Shared assertions for the enum tests (not a test file itself; imported only by *.test.ts).
import fc from 'fast-check';
import { expect } from 'vitest';
import { enumQuerySchema, enumSchema, type EnumDescriptor, type EnumMembers } from './enum-helpers';

/**
 * Checks an enum against the spec's table, written literally in the test: same members, same
 * values, same order; and that its schema accepts every value and refuses everything else.
 */
export function expectEnumToMatchSpec<N extends string, M extends EnumMembers>(
  descriptor: EnumDescriptor<N, M>,
  specTable: Readonly<Record<string, number | string>>,
): void {
  expect(Object.entries(descriptor.members)).toEqual(Object.entries(specTable));
  expect(Object.isFrozen(descriptor.members)).toBe(true);
  expect(descriptor.values).toEqual(Object.values(specTable));

  for (const [name, value] of Object.entries(specTable) as Array<[string, M[keyof M]]>) {
    expect(enumSchema(descriptor).safeParse(value)).toEqual({ success: true, data: value });
    expect(enumQuerySchema(descriptor).safeParse(value)).toEqual({ success: true, data: value });
    expect(descriptor.is(value)).toBe(true);
    expect(descriptor.nameOf(value)).toBe(name);
    expect(descriptor.labelKey(value)).toBe(`enum.${descriptor.name}.${name}`);
  }
  expectSchemaToRefuseOthers(descriptor, Object.values(specTable));
}

function expectSchemaToRefuseOthers<N extends string, M extends EnumMembers>(
  descriptor: EnumDescriptor<N, M>,
  values: ReadonlyArray<number | string>,
): void {
  const known = new Set<unknown>(values);
  const refuses = (input: unknown) => {
    expect(enumSchema(descriptor).safeParse(input).success, `schema accepts ${JSON.stringify(input)}`).toBe(false);
    expect(descriptor.is(input)).toBe(false);
  };
  for (const value of values) {
    if (typeof value === 'number') {
      // the neighbours of each value, and the value as text
      for (const neighbour of [value - 1, value + 1, value + 0.5]) if (!known.has(neighbour)) refuses(neighbour);
      refuses(String(value));
      expect(enumQuerySchema(descriptor).safeParse(String(value))).toEqual({ success: true, data: value });
    } else {
      for (const other of [value.toUpperCase(), value.toLowerCase(), ` ${value}`, `${value}x`, value.slice(1)]) {
        if (!known.has(other)) refuses(other);
      }
    }
  }
  for (const other of [null, undefined, true, {}, [], '', NaN]) refuses(other);
  fc.assert(
    fc.property(fc.oneof(fc.integer(), fc.double(), fc.string()), (input) => {
      if (known.has(input)) return;
      refuses(input);
    }),
  );
}
