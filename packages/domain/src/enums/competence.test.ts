import { describe, expect, it } from 'vitest';
import { competenceTopicEnum } from './competence';
import { expectEnumToMatchSpec } from './enum-test-support';

describe('competence topics', () => {
  it('has 20 topics from 0 to 190 in steps of 10 (spec 01 §3)', () => {
    expectEnumToMatchSpec(competenceTopicEnum, {
      negotiation: 0,
      companyManagementLarge: 10,
      companyManagementSme: 20,
      changeManagement: 30,
      conflictManagement: 40,
      maleDominatedFields: 50,
      workFamilyBalance: 60,
      leadership: 70,
      companyStructures: 80,
      fundraising: 90,
      eventManagement: 100,
      boardWork: 110,
      careerPlanning: 120,
      internationalDeployment: 130,
      foundingBusiness: 140,
      projectManagement: 150,
      politics: 160,
      digitalization: 170,
      finance: 180,
      communication: 190,
    });
    expect(competenceTopicEnum.values).toHaveLength(20);
  });
});
