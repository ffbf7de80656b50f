import { ClubType } from '@bpw/domain/enums/club-type';
import { CompetenceTopic } from '@bpw/domain/enums/competence';
import { EntityState } from '@bpw/domain/enums/entity-state';
import { type LanguageCode, languageCodeValues } from '@bpw/domain/enums/language';
import { Advertising, CourierType, EmploymentType, Salutation, Title } from '@bpw/domain/enums/person-fields';
import type { clubs, personMentoringAreas, persons, personSpokenLanguages } from '../schema/index';
import { type DemoAccountKey, demoAccounts } from './demo-accounts';
import { femaleFirstnames, lastnames, maleFirstnames } from './demo-names';
import { clubDefs, type DemoClubDef, type DemoClubKey, type Town } from './demo-places';
import type { Rng } from './demo-random';

export const PERSON_COUNT = 300;

export type DemoClub = DemoClubDef & { id: string; key: DemoClubKey };
export type { DemoClubKey };

/** member: an active member type; interested: only interested; future: membership starts later. */
export type PersonStatus = 'member' | 'interested' | 'future' | 'archived';

export type DemoPerson = {
  row: typeof persons.$inferInsert & { id: string; firstname: string; lastname: string };
  language: LanguageCode;
  club: DemoClub;
  town: Town;
  status: PersonStatus;
  special: DemoAccountKey | undefined;
  /** The primary e-mail (the username of an account); set by the contacts. */
  email: string;
  /** The primary postal address, copied into registrations; set by the contacts. */
  street: string;
  /** The company of the business address, if any; set by the contacts. */
  company: string | null;
};

export function buildClubs(rng: Rng): DemoClub[] {
  return clubDefs.map((def) => ({ ...def, key: def.key as DemoClubKey, id: rng.uuid() }));
}

export const clubRows = (demoClubs: readonly DemoClub[]): (typeof clubs.$inferInsert)[] =>
  demoClubs.map((c) => ({ id: c.id, name: c.name, clubType: c.clubType, state: EntityState.Active }));

/** Weights as an object literal: { a: 3, b: 1 } -> [['a', 3], ['b', 1]]. */
const weights = <K extends string | number>(o: Record<K, number>) => Object.entries(o) as [K, number][];
const languageWeights = weights<LanguageCode>({ de: 55, fr: 25, it: 12, en: 8 });
const clubWeights: Record<LanguageCode, [DemoClubKey, number][]> = {
  de: weights({ zurich: 30, bern: 25, basel: 20, luzern: 13, stgallen: 12 }),
  fr: weights({ geneve: 40, lausanne: 38, fribourg: 22 }),
  it: weights({ lugano: 1 }),
  en: weights({ zurich: 40, geneve: 30, basel: 20, lausanne: 10 }),
};
const nationalities: Record<LanguageCode, [string, number][]> = {
  de: weights({ CH: 90, DE: 8, AT: 2 }),
  fr: weights({ CH: 85, FR: 15 }),
  it: weights({ CH: 80, IT: 20 }),
  en: weights({ GB: 50, US: 35, IE: 15 }),
};
// Picked with repetition as weights: mostly Dr., then the academic degrees.
const titlePool: Title[] = [Title.dr, Title.dr, Title.dr, Title.prof, Title.ba, Title.bsc];
titlePool.push(Title.ma, Title.ma, Title.msc, Title.msc);
const E = EmploymentType;
const employmentPool: EmploymentType[] = [E.employee, E.employee, E.employee, E.employee, E.independent, E.independent];
employmentPool.push(E.employeeOwnCompany, E.freelancer, E.unemployed, E.other);
const topics = Object.values(CompetenceTopic);
/** The demo account holders: a manager, an event manager, a young member, a plus committee member. */
const specialBirthdays = ['1968-03-10', '1975-09-21', '1994-05-12', '1961-06-13'];

const randomBirthday = (rng: Rng) => {
  const from = Date.UTC(1950, 0, 1);
  const to = Date.UTC(2002, 11, 31);
  return new Date(from + Math.floor(rng.next() * (to - from))).toISOString().slice(0, 10);
};

/** 300 persons: the four demo account holders first, then persons of all four language regions. */
export function buildPersons(rng: Rng, demoClubs: readonly DemoClub[], today: Date): DemoPerson[] {
  const clubByKey = new Map(demoClubs.map((c) => [c.key, c]));
  const result: DemoPerson[] = [];
  for (let i = 0; i < PERSON_COUNT; i++) {
    const special = demoAccounts[i];
    const language = special?.language ?? rng.weighted(languageWeights);
    const club = clubByKey.get(special?.clubKey ?? rng.weighted(clubWeights[language]))!;
    const isMale = !special && rng.chance(0.07);
    const firstname = special?.firstname ?? rng.pick((isMale ? maleFirstnames : femaleFirstnames)[language]);
    const birthday = specialBirthdays[i] ?? randomBirthday(rng);
    const age = today.getUTCFullYear() - Number(birthday.slice(0, 4));
    const status: PersonStatus = special
      ? 'member'
      : rng.weighted(weights<PersonStatus>({ member: 85, interested: 9, future: 3, archived: 3 }));
    result.push({
      row: {
        id: rng.uuid(),
        salutation: isMale ? Salutation.mr : Salutation.mrs,
        title: rng.chance(0.12) ? rng.pick(titlePool) : null,
        firstname,
        lastname: special?.lastname ?? rng.pick(lastnames[language]),
        birthday,
        languageCode: language,
        countryCode: rng.weighted(nationalities[language]),
        isProfilePublic: rng.chance(0.5),
        isPresentationDone: status === 'member' && rng.chance(0.75),
        isCoach: status === 'member' && age > 35 && rng.chance(0.12),
        employmentType: age >= 66 && rng.chance(0.7) ? EmploymentType.retired : rng.pick(employmentPool),
        bpwCourier: rng.chance(0.35) ? CourierType.printed : CourierType.digital,
        advertising: rng.pick([Advertising.none, Advertising.members, Advertising.all]),
        primaryClubId: club.id,
        state: status === 'archived' ? EntityState.Archived : EntityState.Active,
      },
      language,
      club,
      town: rng.pick(club.towns),
      status,
      special: special?.key,
      email: '',
      street: '',
      company: null,
    });
  }
  assignCoaches(rng, result);
  return result;
}

/** A few young members get a coach (one of the coaches among the members), some a second one. */
function assignCoaches(rng: Rng, people: DemoPerson[]) {
  const coaches = people.filter((p) => p.row.isCoach);
  const mentees = rng.sample(
    people.filter((p) => p.status === 'member' && !p.row.isCoach && Number(p.row.birthday!.slice(0, 4)) >= 1985),
    12,
  );
  for (const [n, mentee] of mentees.entries()) {
    const [first, second] = rng.sample(coaches, 2);
    mentee.row.coach1Id = first?.row.id ?? null;
    if (n % 4 === 0) mentee.row.coach2Id = second?.row.id ?? null;
  }
}

/** Spoken languages (the own one and some others) and mentoring areas of some members. */
export function buildPersonDetails(rng: Rng, people: readonly DemoPerson[]) {
  const spoken: (typeof personSpokenLanguages.$inferInsert)[] = [];
  const mentoring: (typeof personMentoringAreas.$inferInsert)[] = [];
  for (const p of people) {
    const others = languageCodeValues.filter((l) => l !== p.language);
    const extra = rng.sample(others, rng.pick([0, 0, 1, 1, 1, 1, 2, 2, 2, 3]));
    for (const languageCode of [p.language, ...extra]) spoken.push({ personId: p.row.id, languageCode });
    if (p.status === 'member' && (p.row.isCoach || rng.chance(0.22))) {
      for (const personMentoringType of rng.sample(topics, rng.int(1, 3))) {
        mentoring.push({ personId: p.row.id, personMentoringType });
      }
    }
  }
  return { spoken, mentoring };
}

export const isRegionalClub = (club: DemoClub) => club.clubType === ClubType.regional;
