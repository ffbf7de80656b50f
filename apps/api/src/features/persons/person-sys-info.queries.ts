import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { userAccounts } from '../../db/schema/accounts';
import { persons } from '../../db/schema/persons';

const creator = alias(persons, 'creator');
const updater = alias(persons, 'updater');

/** GET person/{id}/sys-info: the account and who created and last changed the person. */
export async function findPersonSysInfo(db: DbOrTx, params: { id: string }) {
  const [row] = await db
    .select({
      username: userAccounts.username,
      acceptedTermsAt: userAccounts.acceptedTermsAt,
      createdAt: persons.createdAt,
      createdBy: persons.createdBy,
      creatorFirstname: creator.firstname,
      creatorLastname: creator.lastname,
      updatedAt: persons.updatedAt,
      updatedBy: persons.updatedBy,
      updaterFirstname: updater.firstname,
      updaterLastname: updater.lastname,
    })
    .from(persons)
    .leftJoin(userAccounts, eq(userAccounts.personId, persons.id))
    .leftJoin(creator, eq(creator.id, persons.createdBy))
    .leftJoin(updater, eq(updater.id, persons.updatedBy))
    .where(eq(persons.id, params.id));
  return row;
}
