import { type CompetenceTopic, competenceTopicEnum } from './enums/competence';

/**
 * An address's main competence is free text (spec 01 §3), but older and demo data hold a
 * competence topic's number there ("10"). Such a number stands for the topic: the person page,
 * the vCard and the export show its label (issue 26), any other text as it is.
 */
export function mainCompetenceTopic(value: string | null | undefined): CompetenceTopic | null {
  const trimmed = value?.trim() ?? '';
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const number = Number(trimmed);
  return competenceTopicEnum.is(number) ? number : null;
}

/** The text to show: the topic's label (from `labelOf(labelKey)`) for a topic's number, else the text. */
export function mainCompetenceText(
  value: string | null | undefined,
  labelOf: (labelKey: string) => string,
): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const topic = mainCompetenceTopic(value);
  return topic === null ? value : labelOf(competenceTopicEnum.labelKey(topic));
}
