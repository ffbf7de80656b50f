// Zod-free (enum-values.ts): the persons list keeps its filters with it (issue 20); the schemas
// come from enumSchema/enumQuerySchema (enum-helpers.ts) where a form or query needs them.
import { defineEnumValues, type EnumValue } from './enum-values';

/**
 * Spec 01 §3 "Competence and mentoring topics": 20 values, 0 to 190. Used by an address's
 * mainCompetence and competences, by a person's mentoringAreas (personMentoringType), and by the
 * Competences and PersonMentoringTypes filters. The names are derived from the spec's examples,
 * in their order; the last two are ours (docs/decisions/enumerations.md).
 */
export const CompetenceTopic = {
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
} as const;
export type CompetenceTopic = EnumValue<typeof CompetenceTopic>;

export const competenceTopicEnum = defineEnumValues('competenceTopic', CompetenceTopic);
export const { values: competenceTopicValues, labelKey: competenceTopicLabelKey } = competenceTopicEnum;
