import { describe, expect, it } from 'vitest';
import { expectEnumToMatchSpec } from './enum-test-support';
import {
  boardTypes,
  clubManagerType,
  eventManagerType,
  externalTypes,
  isBoardType,
  isExternalType,
  isMemberType,
  isResponsibleType,
  memberTypes,
  membershipTypeEnum,
  responsibleTypes,
  typesOfferedOnCreate,
} from './membership-type';

describe('membership type', () => {
  it('has the values of spec 01 §3', () => {
    expectEnumToMatchSpec(membershipTypeEnum, {
      single: 0,
      singleNoFee: 1,
      collective: 2,
      company: 3,
      board: 100,
      president: 110,
      database: 120,
      finance: 130,
      responsibleMembers: 200,
      responsibleYoungBpw: 210,
      responsibleBpwPlus: 220,
      responsibleEpd: 230,
      responsibleWeb: 240,
      responsibleProgram: 250,
      responsibleMentoring: 260,
      responsibleEvents: 270,
      interested: 300,
      speaker: 400,
      other: 500,
    });
  });

  it('groups the types as the spec does', () => {
    expect(memberTypes).toEqual([0, 1, 2, 3]);
    // interested, speaker, other, company, collective
    expect(externalTypes).toEqual([300, 400, 500, 3, 2]);
    // interested, single, company, collective, speaker, other
    expect(typesOfferedOnCreate).toEqual([300, 0, 3, 2, 400, 500]);
    expect(boardTypes).toEqual([100, 110, 120, 130]);
    expect(responsibleTypes).toEqual([200, 210, 220, 230, 240, 250, 260, 270]);
    expect(clubManagerType).toBe(120);
    expect(eventManagerType).toBe(270);
  });

  it('tells member, external, board and responsible types apart', () => {
    const all = membershipTypeEnum.values;
    expect(all.filter(isMemberType)).toEqual([0, 1, 2, 3]);
    expect(all.filter(isExternalType)).toEqual([2, 3, 300, 400, 500]);
    expect(all.filter(isBoardType)).toEqual([100, 110, 120, 130]);
    expect(all.filter(isResponsibleType)).toEqual([200, 210, 220, 230, 240, 250, 260, 270]);
    expect(isMemberType('0')).toBe(false);
  });
});
