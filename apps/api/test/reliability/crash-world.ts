import { runMigrations } from '../../src/db/client';
import { eventCustomFields } from '../../src/db/schema/custom-fields';
import { createClub, createEvent, createPerson } from '../factories';
import type { TargetDatabase } from './target-database';

export type CrashWorld = {
  clubId: string;
  eventId: string;
  fieldIds: [string, string];
  admin: { username: string; password: string };
};

/** Custom field modes (spec 02): required 3; type string 1. */
const REQUIRED = 3;
const STRING_FIELD = 1;

/**
 * What the writes need, stored before the API first starts (PGlite admits one process at a
 * time): a club, an administrator, and an event open for registration with two required fields.
 */
export async function seedCrashWorld(target: TargetDatabase): Promise<CrashWorld> {
  const database = await target.open();
  try {
    await runMigrations(database);
    const { db } = database;
    const club = await createClub(db);
    const admin = await createPerson(db, { isAdmin: true, username: 'crash-admin@example.test' });
    const event = await createEvent(db, { responsibleClubId: club.id });
    const fields = await db
      .insert(eventCustomFields)
      .values(
        ['Menü', 'Anreise'].map((title, i) => ({
          eventId: event.id,
          type: STRING_FIELD,
          title,
          modeMember: REQUIRED,
          modeGuest: REQUIRED,
          sortOrder: i,
        })),
      )
      .returning({ id: eventCustomFields.id });
    return {
      clubId: club.id,
      eventId: event.id,
      fieldIds: [fields[0]!.id, fields[1]!.id],
      admin: { username: admin.username, password: admin.password },
    };
  } finally {
    await database.close();
  }
}
