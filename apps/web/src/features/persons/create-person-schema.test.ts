import { MembershipType } from '@bpw/domain/enums/membership-type';
import { describe, expect, it } from 'vitest';
import { createPersonSchema, toCreatePersonBody, type CreatePersonValues } from './create-person-schema';

const today = '2026-05-10';
const valid: CreatePersonValues = {
  username: 'anna.muster@example.ch',
  password: 'Secret-Passw0rd',
  firstname: 'Anna',
  lastname: 'Muster',
  birthday: '1990-04-01',
  language: 'de',
  clubId: '8a4e7d0c-4d3e-4a54-9d0b-3f1f4b1a2c3d',
  membershipType: MembershipType.single,
  membershipTypeLabel: '',
  clubFrom: today,
};

/** The first message per field, as the form shows it. */
const issues = (values: CreatePersonValues) => {
  const result = createPersonSchema(today).safeParse(values);
  const first: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) first[issue.path.join('.')] ??= issue.message;
  return first;
};

describe('create person form', () => {
  it('accepts a complete person and sends the label only for type other', () => {
    const data = createPersonSchema(today).parse({ ...valid, membershipTypeLabel: 'ignored' });
    expect(toCreatePersonBody(data)).toMatchObject({ membershipType: 0, membershipTypeLabel: null, firstname: 'Anna' });
    const other = createPersonSchema(today).parse({
      ...valid,
      membershipType: MembershipType.other,
      membershipTypeLabel: 'Gast',
    });
    expect(toCreatePersonBody(other).membershipTypeLabel).toBe('Gast');
  });

  it('requires username, password rule, lastname, language, club, type and dates', () => {
    expect(
      issues({
        ...valid,
        username: 'no-address',
        password: 'short',
        lastname: ' ',
        language: '',
        clubId: '',
        membershipType: '',
        birthday: null,
        clubFrom: null,
      }),
    ).toEqual({
      username: 'email',
      password: 'password',
      lastname: 'required',
      language: 'required',
      clubId: 'required',
      membershipType: 'required',
      birthday: 'required',
      clubFrom: 'required',
    });
  });

  it('refuses a birthday or from date in the future', () => {
    expect(issues({ ...valid, birthday: '2026-05-11', clubFrom: '2027-01-01' })).toEqual({
      birthday: 'notInFuture',
      clubFrom: 'notInFuture',
    });
  });

  it('requires the label for type other, even while other fields are still empty', () => {
    expect(issues({ ...valid, membershipType: MembershipType.other })).toEqual({ membershipTypeLabel: 'required' });
    expect(issues({ ...valid, lastname: '', membershipType: MembershipType.other })).toEqual({
      lastname: 'required',
      membershipTypeLabel: 'required',
    });
  });
});
