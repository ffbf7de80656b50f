import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { persons } from '../../db/schema/persons';

/** What a vCard needs of the person besides her addresses. */
export async function findVCardPerson(db: DbOrTx, params: { personId: string }) {
  const [row] = await db
    .select({
      firstname: persons.firstname,
      lastname: persons.lastname,
      title: persons.title,
      primaryAddressId: persons.primaryAddressId,
      primaryEmailId: persons.primaryEmailId,
      primaryPhoneId: persons.primaryPhoneId,
      primaryUrlId: persons.primaryUrlId,
    })
    .from(persons)
    .where(eq(persons.id, params.personId));
  return row;
}
