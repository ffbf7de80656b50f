import type { ApplicationBody, ApplicationFormBody } from '@bpw/domain/schemas/application';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Db } from '../../db/client';
import { applicationForms, membershipApplications } from '../../db/schema/applications';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { hashToken, newOpaqueToken } from '../../platform/auth/secure-tokens';
import { createClub, createPerson, nextIp, signIn, uniqueSuffix } from '../../../test/factories';

/** A club with a manager (database responsible), a member, an admin and another club's manager. */
export async function applicationWorld(app: FastifyInstance, db: Db) {
  const club = await createClub(db, { name: 'BPW Bern' });
  const otherClub = await createClub(db, { name: 'BPW Basel' });
  const manager = await createPerson(db, { clubId: club.id, type: 'database', languageCode: 'fr' });
  const member = await createPerson(db, { clubId: club.id });
  const otherManager = await createPerson(db, { clubId: otherClub.id, type: 'database' });
  const admin = await createPerson(db, { isAdmin: true });
  const tokenOf = async (p: { username: string; password: string }) =>
    (await signIn(app, p.username, p.password)).token;
  return {
    club,
    otherClub,
    people: { manager, member, otherManager, admin },
    tokens: {
      manager: await tokenOf(manager),
      member: await tokenOf(member),
      otherManager: await tokenOf(otherManager),
      admin: await tokenOf(admin),
    },
  };
}

export const formBody = (overrides: Partial<ApplicationFormBody> = {}): ApplicationFormBody => ({
  isPublished: true,
  intro: { de: 'Willkommen', fr: 'Bienvenue', it: 'Benvenuta', en: 'Welcome' },
  membershipTypes: [0, 1],
  questions: [],
  ...overrides,
});

export const applicationBody = (overrides: Partial<ApplicationBody> = {}): ApplicationBody => ({
  firstname: 'Lea',
  lastname: `Bühler ${uniqueSuffix()}`,
  birthday: '1988-04-12',
  languageCode: 'it',
  street: 'Bundesgasse 1',
  zip: '3003',
  city: 'Bern',
  countryCode: 'CH',
  email: `lea-${uniqueSuffix()}@example.test`,
  phone: '+41 31 000 00 00',
  membershipType: 0,
  advertising: 10,
  hasAcceptedTerms: true,
  answers: [],
  ...overrides,
});

/** Publishes the form of this club (null: the association's) straight in the database: the club id. */
export async function publishFormInDb(db: Db, clubId: string | null) {
  const values = {
    isPublished: true,
    intro: { de: '', fr: '', it: '', en: '' },
    membershipTypes: [0, 1],
    questions: [],
  };
  await db
    .insert(applicationForms)
    .values({ clubId, ...values })
    .onConflictDoUpdate({ target: applicationForms.clubId, set: values });
  return clubId;
}

/** An application to the club straight in the database, confirmed unless told otherwise: its id. */
export async function insertApplication(
  db: Db,
  clubId: string | null,
  options: { keyHash?: string; isConfirmed?: boolean } = {},
) {
  const now = new Date();
  const isConfirmed = options.isConfirmed ?? true;
  const [row] = await db
    .insert(membershipApplications)
    .values({
      firstname: 'Lea',
      lastname: `Antrag ${uniqueSuffix()}`,
      birthday: '1985-03-04',
      languageCode: 'de',
      street: 'Bundesgasse 3',
      zip: '3011',
      city: 'Bern',
      email: `applicant-${uniqueSuffix()}@example.test`,
      membershipType: 0,
      clubId,
      state: isConfirmed ? 1 : 0,
      answers: [],
      decisions: [],
      keyHash: options.keyHash ?? hashToken(newOpaqueToken()),
      createdAt: now,
      expiresAt: isConfirmed ? null : new Date(now.getTime() + 3_600_000),
      confirmedAt: isConfirmed ? now : null,
      linkMailedAt: now,
    })
    .returning({ id: membershipApplications.id });
  return row!.id;
}

export function putForm(app: FastifyInstance, token: string, clubId: string | null, body: unknown) {
  return app.inject({
    method: 'PUT',
    url: clubId ? `/api/v1/club/${clubId}/application-form` : '/api/v1/application-form',
    headers: { authorization: `Bearer ${token}` },
    payload: body as InjectOptions['payload'],
  });
}

export function apply(
  app: FastifyInstance,
  clubId: string | null,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: clubId ? `/api/v1/application-public/${clubId}` : '/api/v1/application-public',
    headers: { 'x-forwarded-for': nextIp(), ...headers },
    payload: body as InjectOptions['payload'],
  });
}

export async function lastMailTo(db: Db, to: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(1);
  return mail;
}

/** The key of the confirmation link in the last mail to this address. */
export async function confirmKeyFromMail(db: Db, to: string): Promise<string> {
  const mail = await lastMailTo(db, to);
  const match = /\/apply\/confirm\/([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? '');
  if (!match) throw new Error('no confirmation link in the mail');
  return match[1]!;
}

export function confirm(app: FastifyInstance, key: string) {
  return app.inject({
    method: 'PUT',
    url: `/api/v1/application-public/${key}/confirm`,
    headers: { 'x-forwarded-for': nextIp() },
  });
}

/** Applies and confirms; answers the application's id as the manager's list shows it. */
export async function applyAndConfirm(
  app: FastifyInstance,
  db: Db,
  params: { clubId: string | null; token: string; body?: Partial<ApplicationBody> },
) {
  const body = applicationBody(params.body);
  const applied = await apply(app, params.clubId, body);
  if (applied.statusCode !== 202) throw new Error(`apply: ${applied.statusCode} ${applied.body}`);
  const confirmed = await confirm(app, await confirmKeyFromMail(db, body.email));
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
  const list = await app.inject({
    url: params.clubId ? `/api/v1/club/${params.clubId}/application?PerPage=0` : '/api/v1/application?PerPage=0',
    headers: { authorization: `Bearer ${params.token}` },
  });
  const item = (list.json().items as { id: string; email: string }[]).find((x) => x.email === body.email);
  if (!item) throw new Error('the confirmed application is not listed');
  return { id: item.id, body };
}
