import { InvoiceDelivery, InvoiceState } from '@bpw/domain/enums/invoice';
import { NotificationType } from '@bpw/domain/enums/notification';
import { ERASED_NAME } from '@bpw/domain/schemas/privacy-request';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../db/schema/audit-log';
import { clubRelations } from '../../db/schema/clubs';
import { consentLog } from '../../db/schema/consent-log';
import { eventCustomFields } from '../../db/schema/custom-fields';
import { invoices } from '../../db/schema/invoices';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { notifications, notificationSubscriptions } from '../../db/schema/notifications';
import { personMentoringAreas, personSpokenLanguages, persons } from '../../db/schema/persons';
import { eventCustomFieldValues, eventRegistrations } from '../../db/schema/registrations';
import {
  type CreatedPerson,
  createClub,
  createEvent,
  createPerson,
  createRegistration,
  injectAs,
  signIn,
  uniqueSuffix,
} from '../../../test/factories';
import { type TestApp, createTestApp } from '../../../test/test-app';
import { legallyKeptTables, personTables } from './erasure.queries';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Erasure on request (issue 25, docs/decisions/erasure.md): what she asks, what an admin decides,
 * and exactly what is left of her afterwards, table by table.
 */
describe('erasure on request (issue 25)', () => {
  let t: TestApp;
  let club: { id: string; name: string };
  let admin: CreatedPerson;
  let adminToken: string;
  let manager: CreatedPerson;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://bpw.example.ch' } });
    club = await createClub(t.database.db, { name: 'BPW Luzern' });
    admin = await createPerson(t.database.db, { isAdmin: true, languageCode: 'en' });
    adminToken = (await signIn(t.app, admin.username, admin.password)).token;
    manager = await createPerson(t.database.db, { clubId: club.id, type: 'database' });
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const asAdmin = (options: Parameters<ReturnType<typeof injectAs>>[0]) => injectAs(t.app, adminToken)(options);

  /** A member with something in every place a person's data can be. */
  async function richMember() {
    const s = uniqueSuffix();
    const marks = {
      firstname: `Zelda${s}`,
      lastname: `Quixote${s}`,
      email: `zq-${s}@example.test`,
      phone: `+41 79 ${String(Math.floor(Math.random() * 900) + 100)} ${String(Math.floor(Math.random() * 90) + 10)} ${String(Math.floor(Math.random() * 90) + 10)}`,
      url: `https://zq-${s}.example.ch`,
      street: `Geheimweg ${s}`,
      company: `Firma ${s}`,
      remark: `Bemerkung ${s}`,
      answer: `Antwort ${s}`,
      tokenName: `Laptop ${s}`,
    };
    const person = await createPerson(db(), {
      clubId: club.id,
      firstname: marks.firstname,
      lastname: marks.lastname,
      username: marks.email,
      birthday: '1977-03-04',
    });
    const coached = await createPerson(db(), { clubId: club.id });
    await db().update(persons).set({ coach1Id: person.id }).where(eq(persons.id, coached.id));
    await db().insert(personSpokenLanguages).values({ personId: person.id, languageCode: 'fr' });
    await db().insert(personMentoringAreas).values({ personId: person.id, personMentoringType: 10 });
    const token = (await signIn(t.app, person.username, person.password)).token;
    const asHer = injectAs(t.app, token);
    const address = await asHer({
      method: 'POST',
      url: `/api/v1/person/${person.id}/address`,
      payload: {
        addressType: 10,
        label: 'Geschäft',
        company: marks.company,
        street: marks.street,
        zip: '6003',
        city: 'Luzern',
        countryCode: 'CH',
        emails: [{ value: marks.email }],
        phones: [{ value: marks.phone }],
        urls: [{ value: marks.url }],
      },
    });
    expect(address.statusCode, address.body).toBe(201);
    // A consent change by herself (the consent log), a token, a calendar feed, a subscription.
    expect(
      (
        await asHer({
          method: 'PUT',
          url: `/api/v1/person/${person.id}`,
          payload: await profileOf(asHer, person.id, { advertising: 20 }),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await asHer({
          method: 'POST',
          url: '/api/v1/api-token',
          payload: { name: marks.tokenName, scopes: ['events:read'], expiresInDays: 30 },
        })
      ).statusCode,
    ).toBe(201);
    expect((await asHer({ method: 'PUT', url: '/api/v1/calendar-feed/renewal' })).statusCode).toBe(200);
    await db().insert(notificationSubscriptions).values({
      personId: person.id,
      clubId: club.id,
      notificationType: NotificationType.EventPublished,
      isEmailEnabled: true,
    });
    // Registrations: as a member (with a remark and an answer) and as a guest under her address.
    const event = await createEvent(db(), { responsibleClubId: club.id });
    const [field] = await db()
      .insert(eventCustomFields)
      .values({ eventId: event.id, type: 0, title: 'Menü', modeMember: 1, modeGuest: 1 })
      .returning({ id: eventCustomFields.id });
    const asMember = await createRegistration(db(), {
      eventId: event.id,
      personId: person.id,
      firstname: marks.firstname,
      lastname: marks.lastname,
      email: marks.email,
      street: marks.street,
      remarks: marks.remark,
      eventRegistrationState: 30,
    });
    await db()
      .insert(eventCustomFieldValues)
      .values({ registrationId: asMember.id, eventCustomFieldId: field!.id, value: marks.answer });
    const otherEvent = await createEvent(db(), { responsibleClubId: club.id });
    await createRegistration(db(), {
      eventId: otherEvent.id,
      firstname: marks.firstname,
      lastname: marks.lastname,
      email: marks.email.toUpperCase(),
      eventRegistrationState: 30,
    });
    // An invoice (kept ten years by law, with the recipient as at creation).
    await db()
      .insert(invoices)
      .values({
        number: Number(`9${Date.now() % 1_000_000_000}`),
        numberText: `2026-${s}`,
        kind: 'fee',
        clubId: club.id,
        personId: person.id,
        year: 2026,
        recipientName: `${marks.firstname} ${marks.lastname}`,
        recipientStreet: marks.street,
        recipientZip: '6003',
        recipientCity: 'Luzern',
        recipientSortName: `${marks.lastname}\u0001${marks.firstname}`,
        languageCode: 'de',
        creditorName: 'BPW Luzern',
        creditorZip: '6003',
        creditorCity: 'Luzern',
        creditorCountryCode: 'CH',
        iban: 'CH4431999123000889012',
        referenceType: 'QRR',
        reference: '210000000003139471430009017',
        totalCentimes: 15000,
        state: InvoiceState.issued,
        delivery: InvoiceDelivery.mail,
        issueDate: '2026-01-15',
        dueDate: '2026-02-15',
      });
    // A leave request: her managers are notified and mailed with her name.
    expect(
      (
        await asHer({
          method: 'POST',
          url: '/api/v1/person/me/leave-request',
          payload: { clubId: club.id, message: marks.remark },
        })
      ).statusCode,
    ).toBe(201);
    return { person, token, asHer, marks, events: [event.id, otherEvent.id], coached };
  }

  async function profileOf(asHer: ReturnType<typeof injectAs>, id: string, change: Record<string, unknown>) {
    const current = (await asHer({ url: `/api/v1/person/${id}` })).json();
    const { id: _id, ...rest } = current as Record<string, unknown>;
    return { ...rest, ...change };
  }

  /** For each value, the tables with a row (as text) that contains it: one statement per table. */
  async function tablesContainingEach(values: readonly string[], except: readonly string[] = []) {
    const tables = rowsOf<{ table_name: string }>(
      await db().execute(sql`
        SELECT table_name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`),
    ).map((r) => r.table_name);
    const found = new Map<string, string[]>(values.map((v) => [v, []]));
    const columns = sql.join(
      values.map(
        (v, i) => sql`coalesce(bool_or(strpos(lower(x::text), lower(${v})) > 0), false) AS ${sql.identifier(`v${i}`)}`,
      ),
      sql`, `,
    );
    for (const table of tables) {
      if (except.includes(table)) continue;
      const [row] = rowsOf<Record<string, boolean>>(
        await db().execute(sql`SELECT ${columns} FROM ${sql.identifier(table)} x`),
      );
      values.forEach((v, i) => {
        if (row![`v${i}`]) found.get(v)!.push(table);
      });
    }
    return found;
  }
  const tablesContaining = async (value: string, except: readonly string[] = []) =>
    (await tablesContainingEach([value], except)).get(value)!;

  it('knows what it does with every table that references persons (from the schema)', async () => {
    const referencing = rowsOf<{ table_name: string }>(
      await db().execute(sql`
        SELECT DISTINCT c.conrelid::regclass::text AS table_name FROM pg_constraint c
        WHERE c.contype = 'f' AND c.confrelid = 'persons'::regclass`),
    ).map((r) => r.table_name.replace(/^"|"$/g, ''));
    const decided = Object.keys(personTables);
    expect(referencing.filter((name) => !decided.includes(name)).sort()).toEqual([]);
  });

  it('lets her ask with her password, tells the admins, and lets her withdraw', async () => {
    const her = await createPerson(db(), { clubId: club.id, languageCode: 'it' });
    const asHer = injectAs(t.app, (await signIn(t.app, her.username, her.password)).token);
    const wrong = await asHer({
      method: 'POST',
      url: '/api/v1/person/me/erasure-request',
      payload: { password: 'falsch' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual(['La password attuale non è corretta.']);
    const asked = await asHer({
      method: 'POST',
      url: '/api/v1/person/me/erasure-request',
      payload: { password: her.password },
    });
    expect(asked.statusCode).toBe(201);
    expect(asked.json().requestedAt).toEqual(expect.any(String));
    const again = await asHer({
      method: 'POST',
      url: '/api/v1/person/me/erasure-request',
      payload: { password: her.password },
    });
    expect(again.statusCode).toBe(409);
    const [notice] = await db().select().from(notifications).where(eq(notifications.personId, admin.id));
    expect(notice!.notificationType).toBe(NotificationType.ErasureRequested);
    expect(notice!.title).toContain('Erasure request');
    const list = await asAdmin({ url: '/api/v1/erasure-request?PerPage=10' });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((r: { personId: string }) => r.personId)).toContain(her.id);
    expect((await asHer({ url: '/api/v1/person/me/erasure-request' })).json().requestedAt).not.toBeNull();
    expect((await asHer({ method: 'DELETE', url: '/api/v1/person/me/erasure-request' })).statusCode).toBe(204);
    expect((await asHer({ url: '/api/v1/person/me/erasure-request' })).json()).toEqual({ requestedAt: null });
    expect((await asHer({ method: 'DELETE', url: '/api/v1/person/me/erasure-request' })).statusCode).toBe(404);
    const trail = await db().select().from(auditEntries).where(eq(auditEntries.subjectPersonId, her.id));
    expect(trail.map((e) => `${e.entity} ${e.action}`)).toEqual(
      expect.arrayContaining(['erasureRequest requested', 'erasureRequest withdrawn']),
    );
  });

  it('sends her the reason of a refusal in her language', async () => {
    const her = await createPerson(db(), { clubId: club.id, languageCode: 'fr' });
    const asHer = injectAs(t.app, (await signIn(t.app, her.username, her.password)).token);
    await asHer({ method: 'POST', url: '/api/v1/person/me/erasure-request', payload: { password: her.password } });
    const declined = await asAdmin({
      method: 'PUT',
      url: `/api/v1/erasure-request/${her.id}/decline`,
      payload: { reason: 'Une facture est encore ouverte.' },
    });
    expect(declined.statusCode).toBe(204);
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, her.username));
    expect(mail!.subject).toBe('Votre demande d’effacement');
    expect(mail!.textBody).toContain('Une facture est encore ouverte.');
    expect((await asHer({ url: '/api/v1/person/me/erasure-request' })).json()).toEqual({ requestedAt: null });
  });

  it('refuses an admin her own erasure and the erasure of an admin', async () => {
    const otherAdmin = await createPerson(db(), { isAdmin: true });
    const asOther = injectAs(t.app, (await signIn(t.app, otherAdmin.username, otherAdmin.password)).token);
    await asOther({
      method: 'POST',
      url: '/api/v1/person/me/erasure-request',
      payload: { password: otherAdmin.password },
    });
    expect((await asOther({ method: 'PUT', url: `/api/v1/erasure-request/${otherAdmin.id}/execute` })).statusCode).toBe(
      403,
    );
    const refused = await asAdmin({ method: 'PUT', url: `/api/v1/erasure-request/${otherAdmin.id}/execute` });
    expect(refused.statusCode).toBe(409);
  });

  it('erases her in one transaction and leaves exactly the anonymised rows the decision names', async () => {
    const { person, asHer, marks, events, coached } = await richMember();
    const registrationsBefore = await db()
      .select({
        id: eventRegistrations.id,
        eventId: eventRegistrations.eventId,
        state: eventRegistrations.eventRegistrationState,
      })
      .from(eventRegistrations)
      .where(
        sql`${eventRegistrations.eventId} IN (${sql.join(
          events.map((e) => sql`${e}::uuid`),
          sql`, `,
        )})`,
      );
    expect(registrationsBefore).toHaveLength(2);
    const relationsBefore = await db().select().from(clubRelations).where(eq(clubRelations.personId, person.id));
    const auditBefore = await db()
      .select({ id: auditEntries.id })
      .from(auditEntries)
      .where(eq(auditEntries.subjectPersonId, person.id));
    expect(auditBefore.length).toBeGreaterThan(2);
    // Everything of hers is there before.
    expect(await tablesContaining(marks.lastname)).toEqual(
      expect.arrayContaining([
        'persons',
        'club_relations',
        'event_registrations',
        'person_search_prefixes',
        'notifications',
        'mail_outbox',
        'invoices',
      ]),
    );
    expect(await tablesContaining(marks.street)).toEqual(expect.arrayContaining(['addresses', 'event_registrations']));
    const [invoiceBefore] = await db().select().from(invoices).where(eq(invoices.personId, person.id));
    expect(
      (
        await asHer({
          method: 'POST',
          url: '/api/v1/person/me/erasure-request',
          payload: { password: person.password },
        })
      ).statusCode,
    ).toBe(201);

    const executed = await asAdmin({ method: 'PUT', url: `/api/v1/erasure-request/${person.id}/execute` });
    expect(executed.statusCode).toBe(204);

    // No personal value of hers is left in any table, but for the invoices the law keeps.
    const left = await tablesContainingEach(Object.values(marks), legallyKeptTables);
    for (const value of Object.values(marks)) {
      expect({ value, tables: left.get(value) }).toEqual({ value, tables: [] });
    }
    const [invoiceAfter] = await db().select().from(invoices).where(eq(invoices.id, invoiceBefore!.id));
    expect(invoiceAfter).toEqual(invoiceBefore);
    const [birthdays] = rowsOf<{ n: number }>(
      await db().execute(sql`SELECT count(*)::int AS n FROM persons WHERE id = ${person.id} AND birthday IS NOT NULL`),
    );
    expect(birthdays!.n).toBe(0);
    // Deleted: every table the decision deletes has no row of hers.
    for (const [table, fate] of Object.entries(personTables)) {
      if (fate !== 'deleted') continue;
      const columns = rowsOf<{ column_name: string }>(
        await db().execute(sql`
          SELECT kcu.column_name FROM information_schema.table_constraints tc
          JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = tc.constraint_name AND kcu.table_name = tc.table_name
          JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = tc.constraint_name
          WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_name = ${table} AND ccu.table_name = 'persons'`),
      ).map((r) => r.column_name);
      for (const column of columns) {
        const [row] = rowsOf<{ n: number }>(
          await db().execute(
            sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${person.id}`,
          ),
        );
        expect({ table, column, n: row!.n }).toEqual({ table, column, n: 0 });
      }
    }
    // Anonymised: the placeholder row, archived, and her registrations, still counted.
    const [placeholder] = await db().select().from(persons).where(eq(persons.id, person.id));
    expect(placeholder).toMatchObject({
      firstname: null,
      lastname: ERASED_NAME,
      birthday: null,
      state: 90,
      avatarId: null,
      primaryEmailId: null,
      sortEmail: null,
      sortPhone: null,
    });
    const registrationsAfter = await db()
      .select({
        id: eventRegistrations.id,
        eventId: eventRegistrations.eventId,
        state: eventRegistrations.eventRegistrationState,
        firstname: eventRegistrations.firstname,
        remarks: eventRegistrations.remarks,
      })
      .from(eventRegistrations)
      .where(
        sql`${eventRegistrations.eventId} IN (${sql.join(
          events.map((e) => sql`${e}::uuid`),
          sql`, `,
        )})`,
      );
    expect(registrationsAfter.map((r) => [r.id, r.eventId, r.state]).sort()).toEqual(
      registrationsBefore.map((r) => [r.id, r.eventId, r.state]).sort(),
    );
    expect(registrationsAfter.every((r) => r.firstname === ERASED_NAME && r.remarks === null)).toBe(true);
    expect(
      await db()
        .select()
        .from(eventCustomFieldValues)
        .where(eq(eventCustomFieldValues.registrationId, registrationsAfter[0]!.id)),
    ).toEqual([]);
    // Kept: her memberships with their dates, now of the placeholder.
    const relationsAfter = await db().select().from(clubRelations).where(eq(clubRelations.personId, person.id));
    expect(relationsAfter.map((r) => [r.id, r.clubId, r.type, r.from, r.to])).toEqual(
      relationsBefore.map((r) => [r.id, r.clubId, r.type, r.from, r.to]),
    );
    expect(relationsAfter[0]!.personSortName).not.toContain(marks.lastname);
    // Kept: her trail (ids and field names only), with the erasure and the decision on it.
    const trail = await db().select().from(auditEntries).where(eq(auditEntries.subjectPersonId, person.id));
    expect(trail.length).toBeGreaterThanOrEqual(auditBefore.length + 2);
    const erased = trail.find((e) => e.action === 'erased')!;
    expect(erased).toMatchObject({ entity: 'person', actorPersonId: admin.id });
    expect(erased.details).toMatchObject({ via: 'request', clubIds: [club.id] });
    expect(trail.some((e) => e.entity === 'erasureRequest' && e.action === 'confirmed')).toBe(true);
    // The name search finds the placeholder only by the placeholder.
    const prefixes = rowsOf<{ prefix: string }>(
      await db().execute(sql`SELECT prefix FROM person_search_prefixes WHERE person_id = ${person.id}`),
    ).map((r) => r.prefix);
    expect(prefixes.every((p) => 'erased'.startsWith(p))).toBe(true);
    // The duplicate scan will look at her again (and find no keys).
    const [queued] = rowsOf<{ n: number }>(
      await db().execute(sql`SELECT count(*)::int AS n FROM duplicate_queue WHERE person_id = ${person.id}`),
    );
    expect(queued!.n).toBe(1);
    // Others' coach fields no longer point at her; her consent log is gone.
    const [coachedRow] = await db()
      .select({ coach1Id: persons.coach1Id })
      .from(persons)
      .where(eq(persons.id, coached.id));
    expect(coachedRow!.coach1Id).toBeNull();
    expect(await db().select().from(consentLog).where(eq(consentLog.personId, person.id))).toEqual([]);
    // She can no longer sign in; a second execution finds no request.
    const signInAgain = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate',
      headers: { 'x-forwarded-for': '10.250.0.1' },
      payload: { username: marks.email, password: person.password, acceptedTermsAndConditions: true },
    });
    expect(signInAgain.statusCode).toBe(401);
    expect((await asAdmin({ method: 'PUT', url: `/api/v1/erasure-request/${person.id}/execute` })).statusCode).toBe(
      404,
    );
    // Her manager's page still counts the membership.
    expect(manager.id).toBeTruthy();
  }, 120_000);
});
