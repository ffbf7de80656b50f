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
import { erasureRequests } from '../../db/schema/privacy-requests';
import { membershipApplications } from '../../db/schema/applications';
import { hashToken, newOpaqueToken } from '../../platform/auth/secure-tokens';
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
  /** The statements sent while `recording` is on (the erasure's, to explain them). */
  let recording = false;
  const statements: { query: string; params: unknown[] }[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { PUBLIC_URL: 'https://bpw.example.ch' },
      onQuery: (query, params) => {
        if (recording) statements.push({ query, params });
      },
    });
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

  /**
   * The recorded statements that touch these tables, each explained with sequential scans
   * discouraged (a tiny test table would be scanned anyway): a "Seq Scan" left in a plan means no
   * index can answer the statement. Answers the statements that still scan.
   */
  async function sequentialScans(tables: readonly string[]) {
    const touching = new RegExp(`\\b(${tables.join('|')})\\b`);
    const scanning = new RegExp(`Seq Scan on (${tables.join('|')})\\b`);
    const mine = statements.filter((s) => touching.test(s.query) && !/^\s*(begin|commit|rollback)/i.test(s.query));
    expect(mine.length).toBeGreaterThan(0);
    const client = t.database.pool ? await t.database.pool.connect() : undefined;
    const query = async (text: string, params?: unknown[]) =>
      client ? (await client.query(text, params)).rows : (await t.database.raw(text, params)).rows;
    const found: string[] = [];
    try {
      await query('SET enable_seqscan = off');
      for (const statement of mine) {
        const plan = (await query(`EXPLAIN ${statement.query}`, statement.params))
          .map((row) => String(row['QUERY PLAN']))
          .join('\n');
        if (scanning.test(plan)) found.push(`${statement.query}\n${plan}`);
      }
    } finally {
      await query('RESET enable_seqscan');
      client?.release();
    }
    return found;
  }

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

    // The outbox has sent what the requests queued: only the erasure's statements are recorded.
    await t.outbox.runOnce();
    statements.length = 0;
    recording = true;
    const executed = await asAdmin({ method: 'PUT', url: `/api/v1/erasure-request/${person.id}/execute` });
    recording = false;
    expect(executed.statusCode).toBe(204);
    // Not one of the erasure's statements reads the mail outbox or the notifications whole: each
    // finds its rows by an index (her addresses, her id, the id a notice is about).
    expect(await sequentialScans(['mail_outbox', 'notifications'])).toEqual([]);

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

  /** A member of the club who asked for her erasure, erased by the admin. */
  async function erasedMember(options: { firstname?: string; lastname?: string } = {}) {
    const her = await createPerson(db(), { clubId: club.id, ...options });
    const asHer = injectAs(t.app, (await signIn(t.app, her.username, her.password)).token);
    return {
      her,
      asHer,
      erase: async () => {
        await asHer({ method: 'POST', url: '/api/v1/person/me/erasure-request', payload: { password: her.password } });
        const executed = await asAdmin({ method: 'PUT', url: `/api/v1/erasure-request/${her.id}/execute` });
        expect(executed.statusCode).toBe(204);
      },
    };
  }

  it('removes the mails to her and the notices about her, never another one that only names her', async () => {
    const s = uniqueSuffix();
    const name = { firstname: `Wilma${s}`, lastname: `Namensvetter${s}` };
    const { her, asHer, erase } = await erasedMember(name);
    // A namesake (another person of the same name) asks to leave too: her managers' notice names
    // the same name but is about somebody else.
    const namesake = await createPerson(db(), { clubId: club.id, ...name });
    const asNamesake = injectAs(t.app, (await signIn(t.app, namesake.username, namesake.password)).token);
    for (const asPerson of [asHer, asNamesake]) {
      const asked = await asPerson({
        method: 'POST',
        url: '/api/v1/person/me/leave-request',
        payload: { clubId: club.id },
      });
      expect(asked.statusCode).toBe(201);
    }
    // A mail to her address in other letter case, and another member's mail whose subject names her.
    await db()
      .insert(mailOutbox)
      .values([
        { toAddress: her.username.toUpperCase(), subject: 'Willkommen', textBody: 'Hallo' },
        { toAddress: namesake.username, subject: `Vortrag von ${name.firstname} ${name.lastname}`, textBody: 'x' },
      ]);
    const aboutHer = sql`(${notifications.title} LIKE ${`%${name.lastname}%`})`;
    const managerNotices = async () =>
      db()
        .select({ title: notifications.title })
        .from(notifications)
        .where(sql`${notifications.personId} = ${manager.id} AND ${aboutHer}`);
    expect(await managerNotices()).toHaveLength(2);

    await erase();

    // Her managers keep the namesake's notice and mail; hers are gone, as are the mails to her.
    expect(await managerNotices()).toHaveLength(1);
    const mails = await db()
      .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(
        sql`strpos(${mailOutbox.subject}, ${name.lastname}) > 0 OR lower(${mailOutbox.toAddress}) = lower(${her.username})`,
      );
    expect(mails.sort((a, b) => a.to.localeCompare(b.to))).toEqual(
      [
        { to: namesake.username, subject: `Vortrag von ${name.firstname} ${name.lastname}` },
        // The managers' mail about the namesake's request (one per manager with an address).
        ...(await db()
          .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject })
          .from(mailOutbox)
          .where(sql`${mailOutbox.aboutId} = ${namesake.id}`)),
      ].sort((a, b) => a.to.localeCompare(b.to)),
    );
    expect(mails.some((m) => m.to.toLowerCase() === her.username.toLowerCase())).toBe(false);
    const [aboutErased] = rowsOf<{ n: number }>(
      await db().execute(sql`
        SELECT (SELECT count(*) FROM notifications WHERE about_id = ${her.id})
          + (SELECT count(*) FROM mail_outbox WHERE about_id = ${her.id})::int AS n`),
    );
    expect(Number(aboutErased!.n)).toBe(0);
  });

  it('removes her managers’ notices of her application once she became a member', async () => {
    // She applied (the row as the public form writes it) and confirms by her link: the club's
    // managers get a notice and a mail that name her.
    const key = newOpaqueToken();
    const lastname = `Antrag${uniqueSuffix()}`;
    const now = new Date();
    const [application] = await db()
      .insert(membershipApplications)
      .values({
        clubId: club.id,
        firstname: 'Lea',
        lastname,
        birthday: '1985-03-04',
        languageCode: 'de',
        street: 'Bundesgasse 3',
        zip: '3011',
        city: 'Bern',
        email: `${lastname.toLowerCase()}@example.test`,
        membershipType: 0,
        answers: [],
        decisions: [],
        keyHash: hashToken(key),
        createdAt: now,
        expiresAt: new Date(now.getTime() + 3_600_000),
        linkMailedAt: now,
      })
      .returning({ id: membershipApplications.id });
    const confirmed = await t.app.inject({ method: 'PUT', url: `/api/v1/application-public/${key}/confirm` });
    expect(confirmed.statusCode).toBe(200);
    const managerToken = (await signIn(t.app, manager.username, manager.password)).token;
    const accepted = await injectAs(
      t.app,
      managerToken,
    )({
      method: 'PUT',
      url: `/api/v1/application/${application!.id}/accept`,
      payload: { membershipType: 0, from: '2026-01-01' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { personId } = accepted.json() as { personId: string };
    const naming = async () => ({
      notices: (
        await db()
          .select({ id: notifications.id })
          .from(notifications)
          .where(sql`strpos(${notifications.title}, ${lastname}) > 0`)
      ).length,
      mails: (
        await db()
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(sql`strpos(${mailOutbox.subject}, ${lastname}) > 0`)
      ).length,
    });
    expect(await naming()).toEqual({ notices: 1, mails: 1 });
    // She asked for her erasure (her account has no password yet; the request row stands for it).
    await db().insert(erasureRequests).values({ personId });
    const executed = await asAdmin({ method: 'PUT', url: `/api/v1/erasure-request/${personId}/execute` });
    expect(executed.statusCode).toBe(204);
    expect(await naming()).toEqual({ notices: 0, mails: 0 });
  });

  it('refuses every change to the placeholder with 409 and says why', async () => {
    const { her, erase } = await erasedMember();
    await erase();
    const managerToken = (await signIn(t.app, manager.username, manager.password)).token;
    const asManager = injectAs(t.app, managerToken);
    const [relation] = await db().select().from(clubRelations).where(eq(clubRelations.personId, her.id));
    const profile = await profileOf(asManager, her.id, { firstname: 'Wieder', lastname: 'Da' });
    const attempts = [
      { as: asManager, method: 'PUT', url: `/api/v1/person/${her.id}`, payload: profile },
      {
        as: asManager,
        method: 'POST',
        url: `/api/v1/person/${her.id}/address`,
        payload: {
          addressType: 0,
          label: 'Privat',
          street: 'Neuweg 1',
          zip: '6003',
          city: 'Luzern',
          countryCode: 'CH',
        },
      },
      {
        as: asManager,
        method: 'POST',
        url: `/api/v1/person/${her.id}/club`,
        payload: { clubId: club.id, type: 0, from: '2026-01-01' },
      },
      {
        as: asManager,
        method: 'PUT',
        url: `/api/v1/person/${her.id}/club/${relation!.id}`,
        payload: { from: relation!.from, to: '2030-12-31' },
      },
      { as: asManager, method: 'DELETE', url: `/api/v1/person/${her.id}/club/${relation!.id}` },
      { as: asAdmin, method: 'PUT', url: `/api/v1/person/${her.id}/state`, payload: { state: 0 } },
    ] as const;
    // In the signed-in user's language: the manager's German, the admin's English.
    const messages = {
      de: 'Die Daten dieser Person wurden auf ihren Wunsch oder nach Ablauf der Aufbewahrungsfrist gelöscht. Der Platzhalter zählt ihre Mitgliedschaften weiter und kann nicht mehr geändert werden.',
      en: 'This person’s data was erased on request or after the retention period. The placeholder keeps her memberships counted and can no longer be changed.',
    };
    for (const attempt of attempts) {
      const res = await attempt.as({
        method: attempt.method,
        url: attempt.url,
        ...('payload' in attempt ? { payload: attempt.payload } : {}),
      });
      expect({ url: `${attempt.method} ${attempt.url}`, status: res.statusCode }).toEqual({
        url: `${attempt.method} ${attempt.url}`,
        status: 409,
      });
      expect(res.headers['content-type']).toMatch(/problem\+json/);
      expect(res.json().errors).toEqual([attempt.as === asAdmin ? messages.en : messages.de]);
    }
    // Nothing changed: still the archived placeholder with its one membership.
    const [placeholder] = await db().select().from(persons).where(eq(persons.id, her.id));
    expect(placeholder).toMatchObject({ firstname: null, lastname: ERASED_NAME, state: 90 });
    const relations = await db().select().from(clubRelations).where(eq(clubRelations.personId, her.id));
    expect(relations.map((r) => [r.id, r.from, r.to])).toEqual([[relation!.id, relation!.from, relation!.to]]);
  });
});
