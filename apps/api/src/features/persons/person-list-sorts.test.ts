import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClub, createMembership, createPerson, injectAs, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** An address as the web app posts it (spec 01 §4), with the given entries. */
const addressPayload = (overrides: object = {}) => ({
  addressType: 0,
  label: 'Privat',
  street: 'Bundesplatz 3',
  zip: '3003',
  city: 'Bern',
  countryCode: 'CH',
  competences: [],
  emails: [],
  phones: [],
  urls: [],
  ...overrides,
});
const addressUrl = (personId: string, addressId?: string) =>
  `/api/v1/person/${personId}/address${addressId ? `/${addressId}` : ''}`;

type Item = {
  id: string;
  firstname: string | null;
  lastname: string;
  primaryClub: { name: string } | null;
  primaryEmail: { value: string } | null;
  primaryPhone: { value: string } | null;
  state: number;
};

/**
 * Every sort of the person list, in both directions, as a user sees the rows: the key, empty
 * values last, ties in the default order (first name, last name) and turned with a descending
 * sort (docs/decisions/person-list-sorts.md). The primary club's name, e-mail and phone follow
 * every change of their source.
 */
describe('GET person: the order of every sort', () => {
  let t: TestApp;
  let call: ReturnType<typeof injectAs>;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createPerson(t.database.db, { isAdmin: true, languageCode: 'en' });
    call = injectAs(t.app, (await signIn(t.app, admin.username, admin.password)).token);
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await call({ method: 'GET', url: `/api/v1/person?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Item[]; total: number };
  };
  const name = (p: Item) => `${p.firstname ?? '—'} ${p.lastname}`;
  /** A person in `clubId` (the filter) with the given primary club, e-mail and phone. */
  const person = async (options: {
    clubId: string;
    firstname: string | null;
    lastname: string;
    primaryClubId: string | null;
    email?: string;
    phone?: string;
    state?: number;
  }) => {
    const created = await createPerson(t.database.db, {
      clubId: options.clubId,
      primaryClubId: options.primaryClubId,
      firstname: options.firstname ?? undefined,
      lastname: options.lastname,
      state: options.state ?? 0,
    });
    if (options.firstname === null)
      await t.database.raw(`update persons set firstname = null where id = '${created.id}'`);
    if (options.email || options.phone) {
      const res = await call({
        method: 'POST',
        url: addressUrl(created.id),
        payload: addressPayload({
          emails: options.email ? [{ value: options.email }] : [],
          phones: options.phone ? [{ value: options.phone, phoneType: 20 }] : [],
        }),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    return created;
  };

  describe('each key in both directions', () => {
    let filterClub: string;
    beforeAll(async () => {
      filterClub = (await createClub(t.database.db)).id;
      const aarau = (await createClub(t.database.db, { name: 'BPW Aarau' })).id;
      const zug = (await createClub(t.database.db, { name: 'BPW Zug' })).id;
      const c = filterClub;
      await person({
        clubId: c,
        firstname: 'Anna',
        lastname: 'Keller',
        primaryClubId: zug,
        email: 'c@x.test',
        phone: '+41 79 300 00 00',
      });
      await person({
        clubId: c,
        firstname: 'Berta',
        lastname: 'Ammann',
        primaryClubId: aarau,
        email: 'a@x.test',
        state: 90,
      });
      await person({ clubId: c, firstname: null, lastname: 'Zeller', primaryClubId: null, phone: '+41 79 100 00 00' });
      await person({
        clubId: c,
        firstname: 'Anna',
        lastname: 'Ammann',
        primaryClubId: aarau,
        email: 'b@x.test',
        phone: '+41 79 200 00 00',
      });
      await person({ clubId: c, firstname: 'Clara', lastname: 'Keller', primaryClubId: zug, state: 90 });
    });

    const expected: Record<string, string[]> = {
      '': ['Anna Ammann', 'Anna Keller', 'Berta Ammann', 'Clara Keller', '— Zeller'],
      'SortBy=firstname': ['Anna Ammann', 'Anna Keller', 'Berta Ammann', 'Clara Keller', '— Zeller'],
      'SortBy=firstname&SortDesc=true': ['Clara Keller', 'Berta Ammann', 'Anna Keller', 'Anna Ammann', '— Zeller'],
      'SortBy=lastname': ['Anna Ammann', 'Berta Ammann', 'Anna Keller', 'Clara Keller', '— Zeller'],
      'SortBy=lastname&SortDesc=true': ['— Zeller', 'Clara Keller', 'Anna Keller', 'Berta Ammann', 'Anna Ammann'],
      'SortBy=primaryClub': ['Anna Ammann', 'Berta Ammann', 'Anna Keller', 'Clara Keller', '— Zeller'],
      'SortBy=primaryClub&SortDesc=true': ['Clara Keller', 'Anna Keller', 'Berta Ammann', 'Anna Ammann', '— Zeller'],
      'SortBy=primaryEmail': ['Berta Ammann', 'Anna Ammann', 'Anna Keller', 'Clara Keller', '— Zeller'],
      'SortBy=primaryEmail&SortDesc=true': ['Anna Keller', 'Anna Ammann', 'Berta Ammann', '— Zeller', 'Clara Keller'],
      'SortBy=primaryPhone': ['— Zeller', 'Anna Ammann', 'Anna Keller', 'Berta Ammann', 'Clara Keller'],
      'SortBy=primaryPhone&SortDesc=true': ['Anna Keller', 'Anna Ammann', '— Zeller', 'Clara Keller', 'Berta Ammann'],
      'SortBy=state': ['Anna Ammann', 'Anna Keller', '— Zeller', 'Berta Ammann', 'Clara Keller'],
      'SortBy=state&SortDesc=true': ['Clara Keller', 'Berta Ammann', '— Zeller', 'Anna Keller', 'Anna Ammann'],
      // Multi-sorts (the API's, the web app offers one key at a time): each key its direction.
      'SortBy=state&SortBy=lastname&SortDesc=false&SortDesc=true': [
        '— Zeller',
        'Anna Keller',
        'Anna Ammann',
        'Clara Keller',
        'Berta Ammann',
      ],
      'SortBy=primaryClub&SortBy=firstname&SortDesc=true&SortDesc=true': [
        'Clara Keller',
        'Anna Keller',
        'Berta Ammann',
        'Anna Ammann',
        '— Zeller',
      ],
    };

    it('orders by the key, empty values last, ties by name (turned when descending)', async () => {
      for (const [sort, names] of Object.entries(expected)) {
        const body = await list(`Clubs=${filterClub}&PerPage=0&${sort}`);
        expect(body.items.map(name), sort).toEqual(names);
      }
    });

    it('shows the values it sorts by: the primary club, e-mail and phone in order, empty last', async () => {
      const shown = async (sort: string, value: (p: Item) => string | undefined) =>
        (await list(`Clubs=${filterClub}&PerPage=0&${sort}`)).items.map((p) => value(p) ?? '');
      expect(await shown('SortBy=primaryClub', (p) => p.primaryClub?.name)).toEqual([
        'BPW Aarau',
        'BPW Aarau',
        'BPW Zug',
        'BPW Zug',
        '',
      ]);
      expect(await shown('SortBy=primaryEmail&SortDesc=true', (p) => p.primaryEmail?.value)).toEqual([
        'c@x.test',
        'b@x.test',
        'a@x.test',
        '',
        '',
      ]);
      expect(await shown('SortBy=primaryPhone', (p) => p.primaryPhone?.value)).toEqual([
        '+41 79 100 00 00',
        '+41 79 200 00 00',
        '+41 79 300 00 00',
        '',
        '',
      ]);
    });
  });

  describe('the primary club, e-mail and phone follow their source', () => {
    let filterClub: string;
    let ids: Record<'ida' | 'eva', string>;
    const order = async (sort: string) => (await list(`Clubs=${filterClub}&PerPage=0&${sort}`)).items.map(name);
    const addressOf = async (personId: string) =>
      (await call({ method: 'GET', url: addressUrl(personId) })).json().items[0] as {
        id: string;
        emails: { id: string; value: string }[];
        phones: { id: string; value: string; phoneType: number }[];
      };
    const putAddress = async (personId: string, addressId: string, changes: object) => {
      const res = await call({
        method: 'PUT',
        url: addressUrl(personId, addressId),
        payload: addressPayload(changes),
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const putPrimary = async (personId: string, kind: string, id: string | null) => {
      const res = await call({ method: 'PUT', url: `/api/v1/person/${personId}/primary-${kind}`, payload: { id } });
      expect(res.statusCode, res.body).toBe(204);
    };

    beforeAll(async () => {
      filterClub = (await createClub(t.database.db, { name: 'BPW Mitte' })).id;
      const ida = await person({
        clubId: filterClub,
        firstname: 'Ida',
        lastname: 'Frei',
        primaryClubId: filterClub,
        email: 'm@x.test',
        phone: '+41 79 500 00 00',
      });
      const eva = await person({
        clubId: filterClub,
        firstname: 'Eva',
        lastname: 'Frei',
        primaryClubId: null,
        email: 'n@x.test',
        phone: '+41 79 600 00 00',
      });
      ids = { ida: ida.id, eva: eva.id };
    });

    it('follows a changed and a deleted e-mail or phone value', async () => {
      expect(await order('SortBy=primaryEmail')).toEqual(['Ida Frei', 'Eva Frei']);
      const address = await addressOf(ids.ida);
      await putAddress(ids.ida, address.id, {
        emails: [{ id: address.emails[0]!.id, value: 'z@x.test' }],
        phones: [{ id: address.phones[0]!.id, value: '+41 79 900 00 00', phoneType: 20 }],
      });
      expect(await order('SortBy=primaryEmail')).toEqual(['Eva Frei', 'Ida Frei']);
      expect(await order('SortBy=primaryPhone')).toEqual(['Eva Frei', 'Ida Frei']);
      // Eva's e-mail deleted: she has none, so she comes last in both directions.
      const evas = await addressOf(ids.eva);
      await putAddress(ids.eva, evas.id, {
        emails: [],
        phones: evas.phones.map(({ id, value, phoneType }) => ({ id, value, phoneType })),
      });
      expect(await order('SortBy=primaryEmail')).toEqual(['Ida Frei', 'Eva Frei']);
      expect(await order('SortBy=primaryEmail&SortDesc=true')).toEqual(['Ida Frei', 'Eva Frei']);
    });

    it('follows another entry marked primary, and one unset', async () => {
      const address = await addressOf(ids.ida);
      await putAddress(ids.ida, address.id, {
        emails: [...address.emails.map(({ id, value }) => ({ id, value })), { value: 'a@x.test' }],
        phones: address.phones.map(({ id, value, phoneType }) => ({ id, value, phoneType })),
      });
      const added = (await addressOf(ids.ida)).emails.find((e) => e.value === 'a@x.test')!;
      const evas = await addressOf(ids.eva);
      await putAddress(ids.eva, evas.id, {
        emails: [{ value: 'b@x.test' }],
        phones: evas.phones.map(({ id, value, phoneType }) => ({ id, value, phoneType })),
      });
      const evasEmail = (await addressOf(ids.eva)).emails[0]!;
      await putPrimary(ids.eva, 'email', evasEmail.id);
      expect(await order('SortBy=primaryEmail')).toEqual(['Eva Frei', 'Ida Frei']); // b, z
      await putPrimary(ids.ida, 'email', added.id);
      expect(await order('SortBy=primaryEmail')).toEqual(['Ida Frei', 'Eva Frei']); // a, b
      await putPrimary(ids.ida, 'phone', null);
      expect(await order('SortBy=primaryPhone')).toEqual(['Eva Frei', 'Ida Frei']);
    });

    it('follows a renamed club and another primary club', async () => {
      const other = (await createClub(t.database.db, { name: 'BPW Zürich' })).id;
      await createMembership(t.database.db, { personId: ids.ida, clubId: other });
      await putPrimary(ids.eva, 'club', filterClub);
      await putPrimary(ids.ida, 'club', other);
      // BPW Mitte (Eva) before BPW Zürich (Ida).
      expect(await order('SortBy=primaryClub')).toEqual(['Eva Frei', 'Ida Frei']);
      const res = await call({
        method: 'PUT',
        url: `/api/v1/club/${other}`,
        payload: { name: 'BPW Aarau-Ost', clubType: 0 },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = await list(`Clubs=${filterClub}&PerPage=0&SortBy=primaryClub`);
      expect(body.items.map((p) => `${name(p)}: ${p.primaryClub?.name}`)).toEqual([
        'Ida Frei: BPW Aarau-Ost',
        'Eva Frei: BPW Mitte',
      ]);
    });
  });
});
