import { NotificationType } from '@bpw/domain/enums/notification';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../db/schema/audit-log';
import { clubRelations } from '../../db/schema/clubs';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { notifications } from '../../db/schema/notifications';
import { type CreatedPerson, createClub, createPerson, injectAs, signIn } from '../../../test/factories';
import { type TestApp, createTestApp } from '../../../test/test-app';

/** Leaving a club (issue 25, docs/decisions/erasure.md). */
describe('leave requests (issue 25)', () => {
  let t: TestApp;
  const clock = new Date('2026-06-10T08:00:00Z');
  let club: { id: string; name: string };
  let otherClub: { id: string; name: string };
  let manager: CreatedPerson;
  let tokens: { manager: string; otherManager: string; admin: string };
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://bpw.example.ch' }, now: () => clock });
    const db = t.database.db;
    club = await createClub(db, { name: 'BPW Zug' });
    otherClub = await createClub(db, { name: 'BPW Chur' });
    manager = await createPerson(db, { clubId: club.id, type: 'database', languageCode: 'fr' });
    const otherManager = await createPerson(db, { clubId: otherClub.id, type: 'database' });
    const admin = await createPerson(db, { isAdmin: true });
    const tokenOf = async (p: CreatedPerson) => (await signIn(t.app, p.username, p.password)).token;
    tokens = {
      manager: await tokenOf(manager),
      otherManager: await tokenOf(otherManager),
      admin: await tokenOf(admin),
    };
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const as = (token: string) => injectAs(t.app, token);

  async function member(languageCode: 'de' | 'fr' | 'it' | 'en' = 'de') {
    const person = await createPerson(db(), { clubId: club.id, languageCode });
    return { person, asHer: as((await signIn(t.app, person.username, person.password)).token) };
  }
  const ask = (asHer: ReturnType<typeof as>, payload: Record<string, unknown>) =>
    asHer({ method: 'POST', url: '/api/v1/person/me/leave-request', payload });

  it('lets her ask (by default for the end of the year) and tells the club’s managers by notification and mail', async () => {
    const { person, asHer } = await member();
    const res = await ask(asHer, { clubId: club.id, message: 'Ich ziehe nach Genf.' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      clubId: club.id,
      clubName: 'BPW Zug',
      wishedEnd: '2026-12-31',
      message: 'Ich ziehe nach Genf.',
    });
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.personId, manager.id),
          eq(notifications.notificationType, NotificationType.LeaveRequestReceived),
        ),
      )
      .orderBy(desc(notifications.createdAt));
    // The manager corresponds in French.
    expect(notice!.title).toMatch(/^Demande de sortie/);
    expect(notice!.content).toContain('31.12.2026');
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, manager.username))
      .orderBy(desc(mailOutbox.createdAt));
    expect(mail!.subject).toBe(notice!.title);
    const own = await asHer({ url: '/api/v1/person/me/leave-request' });
    expect(own.json()).toMatchObject({ total: 1, items: [{ clubId: club.id, personId: person.id }] });
    expect((await ask(asHer, { clubId: club.id })).statusCode).toBe(409);
  });

  it('refuses a club she is not a member of, an end in the past and a stranger', async () => {
    const { asHer } = await member();
    const notMember = await ask(asHer, { clubId: otherClub.id });
    expect(notMember.statusCode).toBe(409);
    expect(notMember.json().errors).toEqual(['Sie sind nicht Mitglied dieses Clubs.']);
    expect((await ask(asHer, { clubId: club.id, wishedEnd: '2026-01-01' })).statusCode).toBe(400);
    expect((await ask(asHer, { clubId: club.id, wishedEnd: 'morgen' })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/person/me/leave-request', payload: { clubId: club.id } }))
        .statusCode,
    ).toBe(401);
  });

  it('lets her withdraw her own request, nobody else’s', async () => {
    const { asHer } = await member();
    const other = await member();
    const id = (await ask(asHer, { clubId: club.id })).json().id as string;
    expect((await other.asHer({ method: 'DELETE', url: `/api/v1/person/me/leave-request/${id}` })).statusCode).toBe(
      404,
    );
    expect((await asHer({ method: 'DELETE', url: `/api/v1/person/me/leave-request/${id}` })).statusCode).toBe(204);
    expect((await asHer({ url: '/api/v1/person/me/leave-request' })).json().total).toBe(0);
  });

  it('pages the club’s pending requests for its managers and admins only', async () => {
    for (let i = 0; i < 3; i++) await ask((await member()).asHer, { clubId: club.id });
    const url = `/api/v1/club/${club.id}/leave-request?PerPage=2&Page=0`;
    const page = await as(tokens.manager)({ url });
    expect(page.statusCode).toBe(200);
    expect(page.json().items).toHaveLength(2);
    expect(page.json().total).toBeGreaterThanOrEqual(3);
    const second = await as(tokens.manager)({ url: `/api/v1/club/${club.id}/leave-request?PerPage=2&Page=1` });
    expect(second.json().items[0].id).not.toBe(page.json().items[0].id);
    expect((await as(tokens.admin)({ url })).statusCode).toBe(200);
    expect((await as(tokens.otherManager)({ url })).statusCode).toBe(403);
  });

  it('ends her membership on the day a manager confirms, on her trail, and tells her', async () => {
    const { person, asHer } = await member('it');
    const id = (await ask(asHer, { clubId: club.id, wishedEnd: '2026-09-30' })).json().id as string;
    const refused = await as(tokens.otherManager)({
      method: 'PUT',
      url: `/api/v1/leave-request/${id}/confirm`,
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    const res = await as(tokens.manager)({ method: 'PUT', url: `/api/v1/leave-request/${id}/confirm`, payload: {} });
    expect(res.statusCode).toBe(204);
    const [relation] = await db().select().from(clubRelations).where(eq(clubRelations.personId, person.id));
    expect(relation!.to).toBe('2026-09-30');
    const trail = await db().select().from(auditEntries).where(eq(auditEntries.subjectPersonId, person.id));
    expect(trail.map((e) => `${e.entity} ${e.action}`)).toEqual(
      expect.arrayContaining(['leaveRequest requested', 'clubRelation updated', 'leaveRequest confirmed']),
    );
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, person.username));
    expect(mail!.subject).toBe('La sua uscita da BPW Zug');
    expect(mail!.textBody).toContain('30.09.2026');
    expect(
      (await as(tokens.manager)({ method: 'PUT', url: `/api/v1/leave-request/${id}/confirm`, payload: {} })).statusCode,
    ).toBe(404);
  });

  it('sends her the reason of a refusal in her language and keeps her membership', async () => {
    const { person, asHer } = await member('en');
    const id = (await ask(asHer, { clubId: club.id })).json().id as string;
    const empty = await as(tokens.manager)({
      method: 'PUT',
      url: `/api/v1/leave-request/${id}/decline`,
      payload: { reason: ' ' },
    });
    expect(empty.statusCode).toBe(400);
    const res = await as(tokens.manager)({
      method: 'PUT',
      url: `/api/v1/leave-request/${id}/decline`,
      payload: { reason: 'Bitte zuerst die offene Rechnung begleichen.' },
    });
    expect(res.statusCode).toBe(204);
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, person.username));
    expect(mail!.subject).toBe('Your request to leave BPW Zug');
    expect(mail!.textBody).toContain('Bitte zuerst die offene Rechnung begleichen.');
    const [relation] = await db().select().from(clubRelations).where(eq(clubRelations.personId, person.id));
    expect(relation!.to).toBeNull();
    const trail = await db().select().from(auditEntries).where(eq(auditEntries.subjectPersonId, person.id));
    expect(trail.some((e) => e.entity === 'leaveRequest' && e.action === 'declined')).toBe(true);
  });
});
