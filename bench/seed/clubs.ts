import { ClubType } from '@bpw/domain/enums/club-type';
import type { LanguageCode } from '@bpw/domain/enums/language';
import { createRng, type Rng } from '../../apps/api/src/db/demo/demo-random';
import { CopyBuffer } from './copy-text';
import { uuidFor } from './ids';
import { drawRank, languages, languageWeights, townsOf, zipfTable } from './pools';

/**
 * 2,000 clubs: the national, continental and worldwide club first, then regional clubs named
 * after real towns ("BPW Winterthur 3"). Regional club sizes follow a Zipf law (exponent 0.9),
 * as club sizes do: the largest holds about 8 % of the persons, the median a few hundred per
 * million.
 */
export const CLUB_COUNT = 2000;
export const FIRST_REGIONAL = 3;
export const NATIONAL_CLUB = 0;

export type Clubs = {
  count: number;
  language: LanguageCode[];
  name: string[];
  /** Draws the index of a regional club by size. */
  drawRegional: (rng: Rng) => number;
};

export function buildClubs(count = CLUB_COUNT): Clubs {
  const rng = createRng(20_000);
  const language: LanguageCode[] = ['de', 'en', 'en'];
  const name = ['BPW Switzerland', 'BPW Europe', 'BPW International'];
  const seen = new Map<string, number>();
  const weighted = languages.slice(0, 3).map((l, i) => [l, languageWeights[i]!] as const);
  for (let i = FIRST_REGIONAL; i < count; i++) {
    const l = i < 12 ? languages[i % 3]! : rng.weighted(weighted);
    const town = rng.pick(townsOf[l]);
    const n = (seen.get(town[1]) ?? 0) + 1;
    seen.set(town[1], n);
    language.push(l);
    name.push(n === 1 ? `BPW ${town[1]}` : `BPW ${town[1]} ${n}`);
  }
  const zipf = zipfTable(count - FIRST_REGIONAL, 0.9);
  return { count, language, name, drawRegional: (r) => FIRST_REGIONAL + drawRank(r, zipf) };
}

export function clubRows(clubs: Clubs): CopyBuffer {
  const rows = new CopyBuffer('clubs', ['id', 'name', 'club_type', 'state']);
  for (let i = 0; i < clubs.count; i++) {
    const type = i === 0 ? ClubType.national : i === 1 ? ClubType.continental : i === 2 ? ClubType.worldwide : 0;
    rows.add([uuidFor('club', i), clubs.name[i]!, type, 0]);
  }
  return rows;
}
