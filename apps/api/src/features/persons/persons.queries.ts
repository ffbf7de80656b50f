import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { addressEmails, addressPhones } from '../../db/schema/addresses';
import { clubs } from '../../db/schema/clubs';
import { persons } from '../../db/schema/persons';

/** One person with her primary club, e-mail and phone (left joins on the primary ids). */
export async function findPersonDetail(db: DbOrTx, params: { id: string }) {
  const [row] = await db
    .select({
      id: persons.id,
      firstname: persons.firstname,
      lastname: persons.lastname,
      salutation: persons.salutation,
      title: persons.title,
      birthday: persons.birthday,
      languageCode: persons.languageCode,
      avatarId: persons.avatarId,
      state: persons.state,
      primaryClubId: persons.primaryClubId,
      clubName: clubs.name,
      emailId: addressEmails.id,
      emailValue: addressEmails.value,
      phoneId: addressPhones.id,
      phoneValue: addressPhones.value,
    })
    .from(persons)
    .leftJoin(clubs, eq(clubs.id, persons.primaryClubId))
    .leftJoin(addressEmails, eq(addressEmails.id, persons.primaryEmailId))
    .leftJoin(addressPhones, eq(addressPhones.id, persons.primaryPhoneId))
    .where(eq(persons.id, params.id));
  return row;
}
