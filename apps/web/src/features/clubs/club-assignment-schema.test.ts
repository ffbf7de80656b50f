import { MembershipType } from '@bpw/domain/enums/membership-type';
import { describe, expect, it } from 'vitest';
import { clubAssignmentSchema, type ClubAssignmentValues } from './club-assignment-schema';

const valid: ClubAssignmentValues = {
  personId: 'p1',
  type: MembershipType.single,
  membershipTypeLabel: '',
  from: '2026-01-01',
  to: '',
};
const issues = (values: ClubAssignmentValues) => {
  const result = clubAssignmentSchema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('club assignment schema', () => {
  it('accepts a person, a type and a from date', () => {
    expect(issues(valid)).toEqual({});
  });

  it('requires person, type and from', () => {
    expect(issues({ ...valid, personId: '', type: '', from: '' })).toEqual({
      personId: 'required',
      type: 'required',
      from: 'required',
    });
  });

  it('requires the label only for type other', () => {
    expect(issues({ ...valid, type: MembershipType.other })).toEqual({ membershipTypeLabel: 'required' });
    expect(issues({ ...valid, type: MembershipType.other, membershipTypeLabel: 'Revisorin' })).toEqual({});
  });

  it('refuses a to date before the from date and an impossible date', () => {
    expect(issues({ ...valid, to: '2025-12-31' })).toEqual({ to: 'invalid' });
    expect(issues({ ...valid, to: '2026-02-30' })).toEqual({ to: 'date' });
    expect(issues({ ...valid, to: '2026-01-01' })).toEqual({});
  });
});
