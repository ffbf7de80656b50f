import { CustomFieldMode, CustomFieldType } from '@bpw/domain/enums/custom-field';
import type { PublicRegistrationInput } from '@bpw/domain/schemas/event-registration';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Db } from '../../db/client';
import { eventCustomFieldOptions, eventCustomFields } from '../../db/schema/custom-fields';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { createClub, createPerson, injectAs, nextIp, signIn, uniqueSuffix } from '../../../test/factories';

/** People and clubs of the registration tests: club A with its event manager and a member. */
export async function registrationWorld(app: FastifyInstance, db: Db) {
  const club = await createClub(db, { name: `BPW Bern ${uniqueSuffix()}` });
  const otherClub = await createClub(db, { name: `BPW Genève ${uniqueSuffix()}` });
  const people = {
    manager: await createPerson(db, { clubId: club.id, type: 'responsibleEvents', languageCode: 'en' }),
    otherManager: await createPerson(db, { clubId: otherClub.id, type: 'responsibleEvents' }),
    member: await createPerson(db, { clubId: club.id, languageCode: 'fr', firstname: 'Claire' }),
    admin: await createPerson(db, { isAdmin: true }),
  };
  const tokens = Object.fromEntries(
    await Promise.all(
      Object.entries(people).map(async ([name, p]) => [name, (await signIn(app, p.username, p.password)).token]),
    ),
  ) as Record<keyof typeof people, string>;
  const as = (name: keyof typeof people) => injectAs(app, tokens[name]);
  return { club, otherClub, people, tokens, as };
}

export const registrationBody = (overrides: Partial<PublicRegistrationInput> = {}): PublicRegistrationInput => ({
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

/** POST event-public/{id}/event-registration, from an address of its own (the rate limit is per address). */
export function register(
  app: FastifyInstance,
  eventId: string,
  body: object,
  options: { token?: string; headers?: Record<string, string> } = {},
) {
  const request: InjectOptions = {
    method: 'POST',
    url: `/api/v1/event-public/${eventId}/event-registration`,
    headers: {
      'x-forwarded-for': nextIp(),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    payload: body,
  };
  return app.inject(request);
}

/** The newest mail to this address. */
export async function lastMailTo(db: Db, to: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(1);
  return mail;
}

export const mailsTo = (db: Db, to: string) => db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));

/** The link key from the registration mail's confirm link. */
export async function linkKeyFromMail(db: Db, to: string): Promise<string> {
  const mail = await lastMailTo(db, to);
  const match = /\/event-registration-public\/([A-Za-z0-9_-]+)\/confirm/.exec(mail?.textBody ?? '');
  if (!match) throw new Error(`no registration link in the mail to ${to}`);
  return match[1]!;
}

/** A custom field straight in the database. */
export async function createCustomField(
  db: Db,
  options: {
    eventId: string;
    type?: number;
    title?: string;
    modeMember?: number;
    modeGuest?: number;
    sortOrder?: number;
    options?: string[];
  },
) {
  const [field] = await db
    .insert(eventCustomFields)
    .values({
      eventId: options.eventId,
      type: options.type ?? CustomFieldType.string,
      title: options.title ?? `Feld ${uniqueSuffix()}`,
      modeMember: options.modeMember ?? CustomFieldMode.optional,
      modeGuest: options.modeGuest ?? CustomFieldMode.optional,
      sortOrder: options.sortOrder ?? 0,
    })
    .returning({ id: eventCustomFields.id, title: eventCustomFields.title });
  if (options.options?.length) {
    await db
      .insert(eventCustomFieldOptions)
      .values(options.options.map((value, sortOrder) => ({ eventCustomFieldId: field!.id, value, sortOrder })));
  }
  return field!;
}
