import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedPerson, createClub, createPerson, injectAs, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { persons } from '../../db/schema/persons';
import { csv, importClient } from './import-test-support';

/** Issue 25: consent given or changed by a spreadsheet import goes to her consent log. */
describe('import and the consent log', () => {
  let t: TestApp;
  let club: { id: string; name: string };
  let admin: CreatedPerson;
  beforeAll(async () => {
    t = await createTestApp();
    club = await createClub(t.database.db);
    admin = await createPerson(t.database.db, { isAdmin: true });
  });
  afterAll(() => t.close());

  it('logs consent given by an import, channel import, for new and updated persons, and nothing for an unchanged row', async () => {
    const token = (await signIn(t.app, admin.username, admin.password)).token;
    const client = importClient(t.app, token);
    const logOf = async (id: string) =>
      (await injectAs(t.app, token)({ url: `/api/v1/person/${id}/consent-log` })).json();
    const header = ['Vorname', 'Nachname', 'Geburtstag', 'Werbung', 'Profil öffentlich', 'Club', 'Mitgliedschaftstyp'];
    const row = (advertising: string) => [
      'Ilse',
      'Importconsent',
      '02.02.1970',
      advertising,
      'Ja',
      club.name,
      'Einzelmitglied',
    ];
    const first = await client.importFile(csv([header, row('Durch Mitglieder')]));
    expect(first.job.result).toMatchObject({ created: 1 });
    const [person] = await t.database.db.select().from(persons).where(eq(persons.lastname, 'Importconsent'));
    const created = await logOf(person!.id);
    expect(created.total).toBe(2);
    expect(created.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ subject: 'advertising', value: 10, previousValue: null, channel: 'import' }),
        expect.objectContaining({
          subject: 'profileVisibility',
          value: true,
          channel: 'import',
          actor: expect.objectContaining({ id: admin.id }),
        }),
      ]),
    );

    await client.importFile(csv([header, row('Durch Mitglieder')]));
    expect((await logOf(person!.id)).total).toBe(2);

    await client.importFile(csv([header, row('Keine')]));
    const log = await logOf(person!.id);
    expect(log.total).toBe(3);
    expect(log.items[0]).toMatchObject({ subject: 'advertising', value: 0, previousValue: 10, channel: 'import' });
  });
});
