import { ClubType } from '@bpw/domain/enums/club-type';
import type { CompetenceTopic } from '@bpw/domain/enums/competence';
import { PersonListFilter as F } from '@bpw/domain/enums/person-list-filter';
import { addYears } from '@bpw/domain/person-age';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type MembershipTypeName,
  createClub,
  createMembership,
  createPerson,
  injectAs,
  isoDay,
  signIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { personMentoringAreas, persons } from '../../db/schema/persons';

/** GET person: each person list filter (PersonClubTypes, docs/decisions/enumerations.md) finds one and not another. */
describe('GET person: PersonClubTypes', () => {
  let t: TestApp;
  let list: (query: string) => Promise<string[]>;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createPerson(t.database.db, { isAdmin: true });
    const inject = injectAs(t.app, (await signIn(t.app, admin.username, admin.password)).token);
    list = async (query) => {
      const res = await inject({ url: `/api/v1/person?PerPage=0&${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items.map((p: { id: string }) => p.id);
    };
  });
  afterAll(() => t.close());

  const today = isoDay();
  const yesterday = isoDay(-1);
  type World = { club: string; national: string };
  /** A person with these relations (type, club key, ended?) and person fields. */
  const person = async (
    w: World,
    relations: [MembershipTypeName, keyof World, 'active' | 'ended'][],
    fields: { birthday?: string; isCoach?: boolean; areas?: CompetenceTopic[] } = {},
  ) => {
    const db = t.database.db;
    const p = await createPerson(db, { birthday: fields.birthday ?? '1980-05-17' });
    for (const [type, club, when] of relations) {
      await createMembership(db, { personId: p.id, clubId: w[club], type, to: when === 'ended' ? yesterday : null });
    }
    if (fields.isCoach) await db.update(persons).set({ isCoach: true }).where(eq(persons.id, p.id));
    for (const area of fields.areas ?? []) {
      await db.insert(personMentoringAreas).values({ personId: p.id, personMentoringType: area });
    }
    return p.id;
  };
  const youngLimit = `${Number(today.slice(0, 4)) - 35}-01-01`;
  const cases: [string, number, (w: World) => Promise<[string, string]>, string?][] = [
    [
      'currentMember',
      F.currentMember,
      async (w) => [
        await person(w, [['singleNoFee', 'club', 'active']]),
        await person(w, [['interested', 'club', 'active']]),
      ],
    ],
    [
      'isYoungBpw (31.12. of birth year + 35)',
      F.isYoungBpw,
      async (w) => [
        await person(w, [['single', 'club', 'active']], { birthday: youngLimit }),
        await person(w, [['single', 'club', 'active']], { birthday: isoDay(-1, new Date(`${youngLimit}T12:00:00Z`)) }),
      ],
    ],
    [
      'isBpwPlus (from the 64th birthday)',
      F.isBpwPlus,
      async (w) => [
        await person(w, [['single', 'club', 'active']], { birthday: addYears(today, -64) }),
        await person(w, [['single', 'club', 'active']], { birthday: addYears(isoDay(1), -64) }),
      ],
    ],
    [
      'interested',
      F.interested,
      async (w) => [
        await person(w, [['interested', 'club', 'active']]),
        await person(w, [
          ['interested', 'club', 'ended'],
          ['single', 'club', 'active'],
        ]),
      ],
    ],
    [
      'isCollectiveMember',
      F.isCollectiveMember,
      async (w) => [
        await person(w, [['collective', 'club', 'active']]),
        await person(w, [['company', 'club', 'active']]),
      ],
    ],
    [
      'isCompanyMember',
      F.isCompanyMember,
      async (w) => [
        await person(w, [['company', 'club', 'active']]),
        await person(w, [['collective', 'club', 'active']]),
      ],
    ],
    [
      'speaker',
      F.speaker,
      async (w) => [await person(w, [['speaker', 'club', 'active']]), await person(w, [['other', 'club', 'active']])],
    ],
    [
      'formerMember',
      F.formerMember,
      async (w) => [
        await person(w, [
          ['single', 'club', 'ended'],
          ['interested', 'club', 'active'],
        ]),
        await person(w, [
          ['single', 'club', 'ended'],
          ['company', 'club', 'active'],
        ]),
      ],
    ],
    [
      'currentPresident',
      F.currentPresident,
      async (w) => [
        await person(w, [['president', 'club', 'active']]),
        await person(w, [
          ['president', 'club', 'ended'],
          ['single', 'club', 'active'],
        ]),
      ],
    ],
    [
      'formerPresident',
      F.formerPresident,
      async (w) => [
        await person(w, [
          ['president', 'club', 'ended'],
          ['single', 'club', 'active'],
        ]),
        await person(w, [
          ['president', 'club', 'ended'],
          ['president', 'club', 'active'],
        ]),
      ],
    ],
    [
      'currentBoardMember',
      F.currentBoardMember,
      async (w) => [
        await person(w, [['finance', 'club', 'active']]),
        await person(w, [['responsibleWeb', 'club', 'active']]),
      ],
    ],
    [
      'currentNationalPresident',
      F.currentNationalPresident,
      async (w) => [
        await person(w, [['president', 'national', 'active']]),
        await person(w, [['president', 'club', 'active']]),
      ],
    ],
    [
      'formerNationalPresident',
      F.formerNationalPresident,
      async (w) => [
        await person(w, [['president', 'national', 'ended']]),
        await person(w, [['president', 'club', 'ended']]),
      ],
    ],
    [
      'currentNationalBoardMember',
      F.currentNationalBoardMember,
      async (w) => [await person(w, [['board', 'national', 'active']]), await person(w, [['board', 'club', 'active']])],
    ],
    [
      'mentorInArea',
      F.mentorInArea,
      async (w) => [
        await person(w, [['single', 'club', 'active']], { areas: [30] }),
        await person(w, [['single', 'club', 'active']], { areas: [40] }),
      ],
      'PersonMentoringTypes=30',
    ],
    [
      'mentorAnyArea',
      F.mentorAnyArea,
      async (w) => [
        await person(w, [['single', 'club', 'active']], { areas: [40] }),
        await person(w, [['single', 'club', 'active']]),
      ],
    ],
    [
      'isCoach',
      F.isCoach,
      async (w) => [
        await person(w, [['single', 'club', 'active']], { isCoach: true }),
        await person(w, [['single', 'club', 'active']]),
      ],
    ],
  ];

  it('covers every person list filter', () => {
    expect(cases.map(([, value]) => value).sort((a, b) => a - b)).toEqual(Object.values(F));
  });

  for (const [name, value, build, extra] of cases) {
    it(`${name} (${value}) finds the one and not the other`, async () => {
      const w = {
        club: (await createClub(t.database.db)).id,
        national: (await createClub(t.database.db, { clubType: ClubType.national })).id,
      };
      const [match, other] = await build(w);
      const ids = await list(`Clubs=${w.club}&Clubs=${w.national}&PersonClubTypes=${value}&${extra ?? ''}`);
      expect(ids).toEqual([match]);
      expect(ids).not.toContain(other);
    });
  }

  it('combines several PersonClubTypes with "or" and restricts relation filters to the Clubs', async () => {
    const w = { club: (await createClub(t.database.db)).id, national: (await createClub(t.database.db)).id };
    const interested = await person(w, [['interested', 'club', 'active']]);
    const member = await person(w, [['single', 'club', 'active']]);
    const elsewhere = await person(w, [['single', 'national', 'active']]);
    const both = await list(`Clubs=${w.club}&PersonClubTypes=0&PersonClubTypes=30`);
    expect(both.sort()).toEqual([interested, member].sort());
    expect(both).not.toContain(elsewhere);
    // young/plus/coach also need a relation active today in the clubs
    const coach = await person(w, [['single', 'national', 'active']], { isCoach: true });
    expect(await list(`Clubs=${w.club}&PersonClubTypes=160`)).not.toContain(coach);
    expect(await list(`Clubs=${w.national}&PersonClubTypes=160`)).toEqual([coach]);
  });
});
