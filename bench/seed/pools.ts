import type { LanguageCode } from '@bpw/domain/enums/language';
import { clubDefs, streets, type Town } from '../../apps/api/src/db/demo/demo-places';
import { femaleFirstnames, lastnames, maleFirstnames } from '../../apps/api/src/db/demo/demo-names';
import type { Rng } from '../../apps/api/src/db/demo/demo-random';

/**
 * Name and place pools of the generator, grown from the demo data's lists. Real registers hold
 * thousands of surnames with a long tail (the most common Swiss one, Müller, is under 1 %), so
 * each base surname gets Swiss endings and is drawn with a flat Zipf law: a 3-letter search
 * then finds hundreds to a few thousand persons per 100,000, as it would in a real register.
 */
export const languages: readonly LanguageCode[] = ['de', 'fr', 'it', 'en'];
export const languageWeights = [55, 25, 12, 8];

const endings: Record<LanguageCode, readonly string[]> = {
  de: ['', 'er', 'mann', 'li', 'egger', 'berger', 'hofer', 'stein', 'wyler', 'matter', 'halden', 'bühl'],
  fr: ['', 'et', 'on', 'ier', 'ard', 'oud', 'in', 'at'],
  it: ['', 'ini', 'etti', 'oni', 'elli', 'ari'],
  en: ['', 'son', 'ton', 'ley', 'field'],
};

/** Favre + et = Favret, Rossi + ini = Rossini, Keller + mann = Kellermann. */
const vowels = /[aeiouy]$/i;
const withEnding = (base: string, ending: string) =>
  !ending ? base : vowels.test(base) && vowels.test(ending[0]!) ? base.slice(0, -1) + ending : base + ending;

/** Every surname of all languages in one list, and each language's indexes into it. */
export const surnameList: string[] = [];
export const surnamesOf = {} as Record<LanguageCode, number[]>;
export const firstnameList: string[] = [];
export const femaleFirstnamesOf = {} as Record<LanguageCode, number[]>;
export const maleFirstnamesOf = {} as Record<LanguageCode, number[]>;
for (const language of languages) {
  surnamesOf[language] = [];
  // Base names first, so the common ones are the plain ones (Zipf rank order).
  for (const ending of endings[language]) {
    for (const base of lastnames[language]) {
      surnamesOf[language].push(surnameList.length);
      surnameList.push(withEnding(base, ending));
    }
  }
  femaleFirstnamesOf[language] = femaleFirstnames[language].map((name) => firstnameList.push(name) - 1);
  maleFirstnamesOf[language] = maleFirstnames[language].map((name) => firstnameList.push(name) - 1);
}

/** Cumulative weights of a Zipf law over n ranks with exponent s. */
export function zipfTable(n: number, s: number): Float64Array {
  const table = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) table[k] = sum += 1 / (k + 1) ** s;
  for (let k = 0; k < n; k++) table[k]! /= sum;
  return table;
}

/** The rank whose cumulative weight first reaches a uniform draw (binary search). */
export function drawRank(rng: Rng, table: Float64Array): number {
  const u = rng.next();
  let lo = 0;
  let hi = table.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (table[mid]! < u) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export const surnameZipf = Object.fromEntries(
  languages.map((l) => [l, zipfTable(surnamesOf[l].length, 0.6)]),
) as Record<LanguageCode, Float64Array>;

/** Towns of the demo clubs by language, and streets (English speakers live in German towns). */
export const townsOf = {} as Record<LanguageCode, Town[]>;
for (const language of languages) townsOf[language] = [];
for (const club of clubDefs) for (const town of club.towns) townsOf[club.language].push(town);
townsOf.en = townsOf.de;
export const streetsOf: Record<LanguageCode, readonly string[]> = { ...streets, en: streets.de };
export const allTowns: Town[] = languages.flatMap((l) => (l === 'en' ? [] : townsOf[l]));

/** ASCII for e-mail addresses: ü -> ue, é -> e, spaces and apostrophes dropped. */
export function asciiName(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z-]/g, '');
}
