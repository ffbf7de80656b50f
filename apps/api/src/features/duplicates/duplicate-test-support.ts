import type { Db } from '../../db/client';
import { addressEmails, addressPhones, addresses } from '../../db/schema/addresses';
import { persons } from '../../db/schema/persons';
import { eq } from 'drizzle-orm';

/** A private address of a person with an e-mail and a phone, the first as her primary items. */
export async function addContact(
  db: Db,
  personId: string,
  contact: { email?: string; phone?: string; zip?: string; city?: string; isPrimary?: boolean },
) {
  const [address] = await db
    .insert(addresses)
    .values({ personId, label: 'Privat', zip: contact.zip ?? null, city: contact.city ?? null, street: 'Weg 1' })
    .returning({ id: addresses.id });
  const addressId = address!.id;
  const email = contact.email
    ? (await db.insert(addressEmails).values({ addressId, personId, value: contact.email }).returning())[0]
    : undefined;
  const phone = contact.phone
    ? (await db.insert(addressPhones).values({ addressId, personId, value: contact.phone }).returning())[0]
    : undefined;
  if (contact.isPrimary !== false) {
    await db
      .update(persons)
      .set({ primaryAddressId: addressId, primaryEmailId: email?.id ?? null, primaryPhoneId: phone?.id ?? null })
      .where(eq(persons.id, personId));
  }
  return { addressId, emailId: email?.id, phoneId: phone?.id };
}
