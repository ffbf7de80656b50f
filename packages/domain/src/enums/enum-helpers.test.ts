import { describe, expect, it } from 'vitest';
import { defineEnum, enumQuerySchema, enumSchema, isOneOf } from './enum-helpers';
import { defineEnumValues } from './enum-values';

describe('defineEnum', () => {
  it('freezes the enum object and keeps the spec order', () => {
    const Colour = { red: 10, green: 0 } as const;
    const colour = defineEnum('colour', Colour);
    expect(Object.isFrozen(Colour)).toBe(true);
    expect(colour.names).toEqual(['red', 'green']);
    expect(colour.values).toEqual([10, 0]);
  });

  it('refuses an enum that uses a value twice', () => {
    expect(() => defineEnum('twice', { a: 1, b: 1 })).toThrow(/value 1 is used twice/);
  });

  it('gives a readable key for a value it does not know instead of throwing', () => {
    const colour = defineEnum('colour', { red: 10 } as const);
    expect(colour.labelKey(99 as 10)).toBe('enum.colour.99');
    expect(() => colour.nameOf(99 as 10)).toThrow(RangeError);
  });

  it('reads numeric values from query text but not from other text', () => {
    const colour = defineEnum('colour', { red: 10, blue: -20 } as const);
    expect(colour.querySchema.parse('10')).toBe(10);
    expect(colour.querySchema.parse('-20')).toBe(-20);
    for (const text of ['', ' 10', '10.0', '1e1', '0x0a', 'red', '11']) {
      expect(colour.querySchema.safeParse(text).success).toBe(false);
    }
  });

  it('does not coerce text for string enums', () => {
    const view = defineEnum('view', { tiles: 'tiles' } as const);
    expect(view.querySchema.parse('tiles')).toBe('tiles');
    expect(view.querySchema.safeParse('Tiles').success).toBe(false);
  });
});

describe('enumSchema and enumQuerySchema', () => {
  it('give a zod-free enum the schemas defineEnum would, built once', () => {
    const colour = defineEnumValues('colour', { red: 10 } as const);
    expect(colour).not.toHaveProperty('schema');
    expect(enumSchema(colour).parse(10)).toBe(10);
    expect(enumSchema(colour).safeParse('10').success).toBe(false);
    expect(enumQuerySchema(colour).parse('10')).toBe(10);
    expect(enumSchema(colour)).toBe(enumSchema(colour));
  });

  it("are an enum's own schemas for an enum with schemas", () => {
    const shade = defineEnum('shade', { dark: 1 } as const);
    expect(enumSchema(shade)).toBe(shade.schema);
    expect(enumQuerySchema(shade)).toBe(shade.querySchema);
  });
});

describe('isOneOf', () => {
  it('recognises exactly the listed values', () => {
    const isSmall = isOneOf([1, 2] as const);
    expect([0, 1, 2, 3, '1'].filter(isSmall)).toEqual([1, 2]);
  });
});
