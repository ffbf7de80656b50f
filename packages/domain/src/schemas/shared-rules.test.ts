import { describe, expect, it } from 'vitest';
import { MembershipType } from '../enums/membership-type';
import { countryCodeOrHome, optionalCountryCode } from '../validation';
import { addressInputSchema } from './address';
import { publicRegistrationBodySchema } from './event-registration';
import { clubRelationCreateBodySchema, membershipTypeLabelFor } from './membership';
import { personCreateBodySchema, personUpdateBodySchema } from './person';

/** The rules several schemas share, written once (issue 22): each schema answers alike. */
const issuesAt = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }, field: string) =>
  result.error?.issues.filter((i) => i.path.join('.') === field).map((i) => i.message) ?? [];

describe('a country code (spec 01 §9 "Default address country CH")', () => {
  it('is trimmed and upper case; blank is none, or the home country for a place', () => {
    expect(optionalCountryCode().parse(' it ')).toBe('IT');
    expect(optionalCountryCode().parse('  ')).toBeNull();
    expect(optionalCountryCode().parse(undefined)).toBeNull();
    expect(countryCodeOrHome().parse(null)).toBe('CH');
    expect(countryCodeOrHome().parse(' de')).toBe('DE');
    expect(countryCodeOrHome().safeParse('Schweiz').success).toBe(false);
    expect(optionalCountryCode().safeParse(41).success).toBe(false);
  });

  it('reads alike for a person, an address and a registration', () => {
    const person = personUpdateBodySchema.parse({
      lastname: 'M',
      birthday: '1980-01-01',
      languageCode: 'de',
      countryCode: 'fr',
    });
    expect(person.countryCode).toBe('FR');
    expect(addressInputSchema.parse({ label: 'x', countryCode: ' fr ' }).countryCode).toBe('FR');
    const registration = publicRegistrationBodySchema.safeParse({ countryCode: 'fr' });
    expect(issuesAt(registration, 'countryCode')).toEqual([]);
  });
});

describe('the membership type label (spec 01 §5)', () => {
  const T = MembershipType;
  const relation = (type: number, membershipTypeLabel: string | null) =>
    clubRelationCreateBodySchema.safeParse({
      clubId: '6b1e0c3e-4b5d-4c1e-9f0a-1b2c3d4e5f60',
      type,
      membershipTypeLabel,
      from: '2024-01-01',
    });
  const created = (membershipType: number, membershipTypeLabel: string | null) =>
    personCreateBodySchema.safeParse({
      username: 'anna@example.ch',
      password: 'Secret123',
      lastname: 'Muster',
      birthday: '1980-01-01',
      language: 'de',
      clubId: '6b1e0c3e-4b5d-4c1e-9f0a-1b2c3d4e5f60',
      membershipType,
      membershipTypeLabel,
      clubFrom: '2024-01-01',
    });

  it('is required for type other and refused for any other type, on both payloads', () => {
    for (const parse of [relation, created]) {
      expect(issuesAt(parse(T.other, ' '), 'membershipTypeLabel')).toEqual(['required']);
      expect(issuesAt(parse(T.other, 'Gönnerin'), 'membershipTypeLabel')).toEqual([]);
      expect(issuesAt(parse(T.single, 'Gönnerin'), 'membershipTypeLabel')).toEqual(['invalid']);
      expect(issuesAt(parse(T.single, null), 'membershipTypeLabel')).toEqual([]);
    }
  });

  it('goes with type other only when a form sends it', () => {
    expect(membershipTypeLabelFor(T.other, 'Gönnerin')).toBe('Gönnerin');
    expect(membershipTypeLabelFor(T.single, 'Gönnerin')).toBeNull();
    expect(membershipTypeLabelFor(T.other, undefined)).toBeNull();
  });
});
