import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createClub, createPerson, injectAs, signIn, uniqueSuffix } from '../../../test/factories';
import type { Db } from '../../db/client';
import { addressEmails, addresses } from '../../db/schema/addresses';
import { persons } from '../../db/schema/persons';

/** Gives a person a primary address (and e-mail unless null) and a courier choice. */
export async function giveAddress(
  db: Db,
  personId: string,
  options: { email?: string | null; courier?: 0 | 10 | null; city?: string; zip?: string } = {},
) {
  const [address] = await db
    .insert(addresses)
    .values({
      personId,
      label: 'Privat',
      street: 'Bahnhofstrasse 1',
      zip: options.zip ?? '8001',
      city: options.city ?? 'Zürich',
      countryCode: 'CH',
      company: 'Muster AG',
    })
    .returning({ id: addresses.id });
  let emailId: string | null = null;
  if (options.email !== null) {
    const [email] = await db
      .insert(addressEmails)
      .values({
        addressId: address!.id,
        personId,
        value: options.email ?? `member-${uniqueSuffix()}@example.ch`,
      })
      .returning({ id: addressEmails.id });
    emailId = email!.id;
  }
  await db
    .update(persons)
    .set({ primaryAddressId: address!.id, primaryEmailId: emailId, bpwCourier: options.courier ?? 10 })
    .where(eq(persons.id, personId));
}

/**
 * Club A with its finance responsible, database manager and members of every kind; club B with
 * its finance responsible; an admin. Tokens for the signed-in ones.
 */
export async function invoiceWorld(app: FastifyInstance, db: Db) {
  const clubA = await createClub(db, { name: `BPW Bern ${uniqueSuffix()}` });
  const clubB = await createClub(db, { name: `BPW Basel ${uniqueSuffix()}` });
  const people = {
    finance: await createPerson(db, { clubId: clubA.id, type: 'finance', languageCode: 'en' }),
    database: await createPerson(db, { clubId: clubA.id, type: 'database' }),
    otherFinance: await createPerson(db, { clubId: clubB.id, type: 'finance' }),
    member: await createPerson(db, {
      clubId: clubA.id,
      firstname: 'Yvonne',
      lastname: 'Jung',
      birthday: '1995-03-01',
      languageCode: 'fr',
    }),
    admin: await createPerson(db, { isAdmin: true }),
  };
  const memberEmail = `yvonne-${uniqueSuffix()}@example.ch`;
  await giveAddress(db, people.member.id, { email: memberEmail });
  const company = await createPerson(db, {
    clubId: clubA.id,
    type: 'company',
    firstname: 'Carla',
    lastname: 'Firma',
    hasAccount: false,
  });
  await giveAddress(db, company.id, { courier: 0 });
  const noFee = await createPerson(db, { clubId: clubA.id, type: 'singleNoFee', lastname: 'Frei', hasAccount: false });
  await giveAddress(db, noFee.id);
  const noAddress = await createPerson(db, { clubId: clubA.id, lastname: 'Ohneadresse', hasAccount: false });
  const former = await createPerson(db, {
    clubId: clubA.id,
    lastname: 'Ehemalig',
    to: '2026-06-30',
    hasAccount: false,
  });
  await giveAddress(db, former.id);
  const tokens = Object.fromEntries(
    await Promise.all(
      Object.entries(people).map(async ([name, p]) => [name, (await signIn(app, p.username, p.password)).token]),
    ),
  ) as Record<keyof typeof people, string>;
  const as = (name: keyof typeof people) => injectAs(app, tokens[name]);
  return { clubA, clubB, people, others: { company, noFee, noAddress, former }, memberEmail, tokens, as };
}

export const settingsBody = (iban = 'CH44 3199 9123 0008 8901 2') => ({
  creditorName: 'BPW Club Bern',
  street: 'Bundesgasse',
  buildingNumber: '3',
  zip: '3011',
  city: 'Bern',
  countryCode: 'CH',
  iban,
  paymentTermDays: 30,
});

export const scheduleBody = {
  singleCentimes: 15000,
  collectiveCentimes: 30000,
  companyCentimes: 50000,
  youngCentimes: 7500,
};
