import { describe, expect, it } from 'vitest';
import { addressInputSchema, primaryItemBodySchema } from './address';
import { avatarQuerySchema } from './image';

const codes = (input: unknown) =>
  addressInputSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

describe('addressInputSchema (spec 01 §5 "Address")', () => {
  it('fills the defaults: private, CH, no entries, optional texts trimmed or absent', () => {
    const parsed = addressInputSchema.parse({ label: ' Home ', countryCode: '', company: '  ', emails: null });
    expect(parsed).toMatchObject({
      addressType: 0,
      label: 'Home',
      countryCode: 'CH',
      emails: [],
      phones: [],
      urls: [],
    });
    expect(parsed.company).toBeNull();
    expect(addressInputSchema.parse({ label: 'x', countryCode: 'de' }).countryCode).toBe('DE');
  });

  it('defaults the entry types and removes duplicate competences', () => {
    const parsed = addressInputSchema.parse({
      label: 'x',
      phones: [{ value: '1' }],
      urls: [{ value: 'http://a.test' }],
      competences: [10, 10, 0],
    });
    expect(parsed.phones[0]!.phoneType).toBe(0);
    expect(parsed.urls[0]!.urlType).toBe(0);
    expect(parsed.competences).toEqual([10, 0]);
  });

  it('carries the spec message codes', () => {
    expect(codes({})).toEqual(['label:required']);
    expect(codes({ label: 'x', emails: [{ value: '' }, { value: 'no' }] })).toEqual([
      'emails.0.value:required',
      'emails.1.value:email',
    ]);
    expect(codes({ label: 'x', phones: [{ value: '  ' }] })).toEqual(['phones.0.value:required']);
    expect(codes({ label: 'x', urls: [{ value: '' }, { value: 'ftp://a.test' }] })).toEqual([
      'urls.0.value:required',
      'urls.1.value:url',
    ]);
    expect(codes({ label: 'x', countryCode: 'Schweiz' })).toEqual(['countryCode:invalid']);
    expect(codes({ label: 'x', emails: [{ id: 'nope', value: 'a@b.test' }] })).toEqual(['emails.0.id:invalid']);
  });
});

describe('primaryItemBodySchema', () => {
  it('takes a UUID or null, nothing else', () => {
    expect(primaryItemBodySchema.parse({ id: null })).toEqual({ id: null });
    expect(primaryItemBodySchema.safeParse({ id: '5' }).success).toBe(false);
    expect(primaryItemBodySchema.safeParse({}).success).toBe(false);
  });
});

describe('avatarQuerySchema', () => {
  it('reads the size by name or AvatarSize value, default m', () => {
    expect(avatarQuerySchema.parse({})).toEqual({ size: 'm' });
    expect(avatarQuerySchema.parse({ size: '10', cache: 'abc' })).toEqual({ size: 's', cache: 'abc' });
    expect(avatarQuerySchema.parse({ size: 'l' }).size).toBe('l');
    expect(avatarQuerySchema.safeParse({ size: 'orig' }).success).toBe(false);
  });
});
