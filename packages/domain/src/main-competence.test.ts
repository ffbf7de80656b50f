import { describe, expect, it } from 'vitest';
import { CompetenceTopic } from './enums/competence';
import { enumLabel } from './labels/enum-labels';
import { mainCompetenceText, mainCompetenceTopic } from './main-competence';

const german = (key: string) => enumLabel('de-CH', key);

describe('main competence', () => {
  it('reads a topic number as that topic', () => {
    expect(mainCompetenceTopic('10')).toBe(CompetenceTopic.companyManagementLarge);
    expect(mainCompetenceTopic(' 0 ')).toBe(CompetenceTopic.negotiation);
    expect(mainCompetenceTopic('190')).toBe(CompetenceTopic.communication);
  });

  it('shows the label of a topic number, in the language asked for', () => {
    const label = mainCompetenceText('10', german);
    expect(label).toBe(enumLabel('de-CH', 'enum.competenceTopic.companyManagementLarge'));
    expect(label).not.toBe('10');
    expect(mainCompetenceText('10', (key) => enumLabel('fr-CH', key))).not.toBe(label);
  });

  it('keeps free text, numbers that are no topic and empty values as they are', () => {
    expect(mainCompetenceText('Verhandlung', german)).toBe('Verhandlung');
    expect(mainCompetenceText('15', german)).toBe('15');
    expect(mainCompetenceText('1000', german)).toBe('1000');
    expect(mainCompetenceText('10 Jahre Erfahrung', german)).toBe('10 Jahre Erfahrung');
    expect(mainCompetenceText(null, german)).toBeNull();
    expect(mainCompetenceText('  ', german)).toBeNull();
  });
});
