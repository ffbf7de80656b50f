import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { createClub, createPerson, injectAs, nextIp, signIn, uniqueSuffix } from '../../../test/factories';

/** Club A with its event manager (reads English) and a member, another club's manager, an admin. */
export async function checkInWorld(app: FastifyInstance, db: Db) {
  const club = await createClub(db, { name: `BPW Luzern ${uniqueSuffix()}` });
  const otherClub = await createClub(db, { name: `BPW Lugano ${uniqueSuffix()}` });
  const people = {
    manager: await createPerson(db, { clubId: club.id, type: 'responsibleEvents', languageCode: 'en' }),
    otherManager: await createPerson(db, { clubId: otherClub.id, type: 'responsibleEvents' }),
    member: await createPerson(db, { clubId: club.id }),
    admin: await createPerson(db, { isAdmin: true }),
  };
  const tokens = Object.fromEntries(
    await Promise.all(
      Object.entries(people).map(async ([name, p]) => [name, (await signIn(app, p.username, p.password)).token]),
    ),
  ) as Record<keyof typeof people, string>;
  const as = (name: keyof typeof people) => injectAs(app, tokens[name]);
  return { club, otherClub, people, as };
}

export const registrationBody = (overrides: { email?: string } = {}) => ({
  firstname: 'Gabriela',
  lastname: `Gast ${uniqueSuffix()}`,
  email: `gabriela-${uniqueSuffix()}@example.ch`,
  street: 'Bundesgasse 3',
  zip: '3011',
  city: 'Bern',
  countryCode: 'CH',
  remarks: null,
  eventCustomFieldValues: [],
  ...overrides,
});

/** POST event-public/{id}/event-registration as a guest, from an address of its own. */
export const register = (app: FastifyInstance, eventId: string, body: object) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/event-public/${eventId}/event-registration`,
    headers: { 'x-forwarded-for': nextIp() },
    payload: body,
  });

export async function lastMailTo(db: Db, to: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(1);
  return mail;
}

/** The link key of the registration mail's confirm link. */
export async function linkKeyFromMail(db: Db, to: string) {
  const mail = await lastMailTo(db, to);
  const match = /\/event-registration-public\/([A-Za-z0-9_-]+)\/confirm/.exec(mail?.textBody ?? '');
  if (!match) throw new Error('no registration link in the mail');
  return match[1]!;
}
