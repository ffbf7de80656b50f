import { MembershipType } from '@bpw/domain/enums/membership-type';
import { describe, expect, it } from 'vitest';
import { clubAssignmentSchema } from './club-assignment-dialog';

const valid = {
  personId: 'p1',
  clubId: '0190f4c6-1a2b-7c3d-8e4f-5a6b7c8d9e0f',
  type: MembershipType.single,
  membershipTypeLabel: '',
  from: '2026-01-01',
  to: null as string | null,
};
const issues = (values: Record<string, unknown>) => {
  const result = clubAssignmentSchema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('club assignment schema', () => {
  it('accepts a person, a club, a type and a from date', () => {
    expect(issues(valid)).toEqual({});
  });

  it('requires person, club, type and from', () => {
    expect(issues({ ...valid, personId: '', clubId: '', type: null, from: '' })).toEqual({
      personId: 'required',
      clubId: 'required',
      type: 'required',
      // The domain's date rule: an empty from is no date.
      from: 'date',
    });
  });

  it('requires the label only for type other', () => {
    expect(issues({ ...valid, type: MembershipType.other })).toEqual({ membershipTypeLabel: 'required' });
    expect(issues({ ...valid, type: MembershipType.other, membershipTypeLabel: 'Revisorin' })).toEqual({});
  });

  it('refuses a to date before the from date and an impossible date', () => {
    expect(Object.keys(issues({ ...valid, to: '2025-12-31' }))).toEqual(['to']);
    expect(Object.keys(issues({ ...valid, to: '2026-02-30' }))).toEqual(['to']);
    expect(issues({ ...valid, to: '2026-01-01' })).toEqual({});
  });
});
