import { describe, expect, it } from 'vitest';
import { expectEnumToMatchSpec } from './enum-test-support';
import { isLimitedPersonListFilter, limitedPersonListFilters, personListFilterEnum } from './person-list-filter';

describe('person list filters', () => {
  it('has 17 filters from 0 to 160 in steps of 10 (spec 01 §3)', () => {
    expectEnumToMatchSpec(personListFilterEnum, {
      currentMember: 0,
      isYoungBpw: 10,
      isBpwPlus: 20,
      interested: 30,
      isCollectiveMember: 40,
      isCompanyMember: 50,
      speaker: 60,
      formerMember: 70,
      currentPresident: 80,
      formerPresident: 90,
      currentBoardMember: 100,
      currentNationalPresident: 110,
      formerNationalPresident: 120,
      currentNationalBoardMember: 130,
      mentorInArea: 140,
      mentorAnyArea: 150,
      isCoach: 160,
    });
  });

  it('lets non-admins choose only current member, young, plus, interested, collective and company member', () => {
    expect(limitedPersonListFilters).toEqual([0, 10, 20, 30, 40, 50]);
    expect(personListFilterEnum.values.filter(isLimitedPersonListFilter)).toEqual([0, 10, 20, 30, 40, 50]);
  });
});
