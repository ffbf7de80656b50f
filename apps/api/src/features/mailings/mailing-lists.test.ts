import type { Mailing, MailingList, MailingProgress } from '@bpw/domain/schemas/mailing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type CreatedPerson, createClub, createPerson, injectAs, nextIp, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { type MailTransport, createMailTransport } from '../../platform/mail/mail-transport';
import { type SmtpPeer, giveEmail, sendAll, startSmtpPeer } from './mailing-test-support';

/** Issue 18: mailing lists, the unsubscribe link and its headers (RFC 8058), cancelling. */
describe('mailing lists and unsubscribing (issue 18)', () => {
  let t: TestApp;
  let smtp: SmtpPeer;
  let clubA: string;
  let clubB: string;
  let admin: CreatedPerson;
  let managerA: CreatedPerson;
  let member: CreatedPerson;
  let memberB: CreatedPerson;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp({
      env: { SMTP_URL: smtp.url, MAILING_RATE_PER_MINUTE: '100000', PUBLIC_URL: 'https://clubs.example.ch' },
    });
    const db = t.database.db;
    clubA = (await createClub(db, { name: 'BPW Luzern' })).id;
    clubB = (await createClub(db)).id;
    admin = await createPerson(db, { isAdmin: true });
    managerA = await createPerson(db, { clubId: clubA, type: 'database' });
    // French: the list mailing has a German text only, the unsubscribe page still speaks hers.
    member = await createPerson(db, { clubId: clubA, firstname: 'Lena', languageCode: 'fr' });
    await giveEmail(db, member.id, { email: 'lena@example.ch' });
    memberB = await createPerson(db, { clubId: clubB });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => smtp.reset());

  const as = async (person: CreatedPerson) =>
    injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
  const texts = [{ language: 'de', subject: 'News für {firstName}', body: 'Neuigkeiten aus {club}.' }];

  async function createList(body: { clubId: string | null; name: string; isOpen: boolean }, by = managerA) {
    const res = await (await as(by))({ method: 'POST', url: '/api/v1/mailing-list', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as MailingList;
  }

  it('lets members subscribe to open lists of their club and leave any list; managers add and remove', async () => {
    const open = await createList({ clubId: clubA, name: 'Anlässe', isOpen: true });
    const closed = await createList({ clubId: clubA, name: 'Vorstand', isOpen: false });
    const asMember = await as(member);
    const seen = (await asMember({ url: '/api/v1/mailing-list' })).json();
    expect(seen.items.map((l: MailingList) => l.name)).toContain('Anlässe');
    expect(seen.items.map((l: MailingList) => l.name)).not.toContain('Vorstand');
    expect((await asMember({ method: 'POST', url: `/api/v1/mailing-list/${open.id}/subscription` })).statusCode).toBe(
      204,
    );
    expect((await asMember({ method: 'POST', url: `/api/v1/mailing-list/${open.id}/subscription` })).statusCode).toBe(
      204,
    );
    expect((await asMember({ url: `/api/v1/mailing-list/${open.id}` })).json()).toMatchObject({
      isSubscribed: true,
      subscriberCount: 1,
      canManage: false,
    });
    expect((await asMember({ method: 'POST', url: `/api/v1/mailing-list/${closed.id}/subscription` })).statusCode).toBe(
      403,
    );
    // Another club's member does not see the open list.
    expect(
      (await (await as(memberB))({ method: 'POST', url: `/api/v1/mailing-list/${open.id}/subscription` })).statusCode,
    ).toBe(403);

    const asManager = await as(managerA);
    const add = (personId: string) =>
      asManager({ method: 'POST', url: `/api/v1/mailing-list/${closed.id}/subscriber`, payload: { personId } });
    expect((await add(member.id)).statusCode).toBe(201);
    expect((await add(member.id)).statusCode).toBe(200);
    const outsider = await add(memberB.id);
    expect(outsider.statusCode).toBe(400);
    const subscribers = (await asManager({ url: `/api/v1/mailing-list/${closed.id}/subscriber` })).json();
    expect(subscribers.items).toEqual([expect.objectContaining({ personId: member.id, email: 'lena@example.ch' })]);
    // Leaving is always allowed, even a closed list.
    expect(
      (await asMember({ method: 'DELETE', url: `/api/v1/mailing-list/${closed.id}/subscription` })).statusCode,
    ).toBe(204);
    expect((await asManager({ url: `/api/v1/mailing-list/${closed.id}/subscriber` })).json().total).toBe(0);
    // Members manage nothing; a club's manager not the association's lists.
    expect(
      (
        await asMember({
          method: 'PUT',
          url: `/api/v1/mailing-list/${open.id}`,
          payload: { clubId: clubA, name: 'x', isOpen: true },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await asManager({
          method: 'POST',
          url: '/api/v1/mailing-list',
          payload: { clubId: null, name: 'Alle', isOpen: true },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await asManager({
          method: 'POST',
          url: '/api/v1/mailing-list',
          payload: { clubId: clubB, name: 'B', isOpen: true },
        })
      ).statusCode,
    ).toBe(403);
    const association = await createList({ clubId: null, name: 'Newsletter Schweiz', isOpen: true }, admin);
    expect((await asMember({ url: `/api/v1/mailing-list/${association.id}` })).statusCode).toBe(200);
  });

  it('carries an unsubscribe link and List-Unsubscribe headers; the one-click POST takes her off, idempotent', async () => {
    const list = await createList({ clubId: clubA, name: 'Stamm', isOpen: true });
    const asMember = await as(member);
    await asMember({ method: 'POST', url: `/api/v1/mailing-list/${list.id}/subscription` });
    const asManager = await as(managerA);
    const created = await asManager({
      method: 'POST',
      url: '/api/v1/mailing',
      payload: { texts, audience: { kind: 'list', mailingListId: list.id } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const mailing = created.json() as Mailing;
    expect(mailing.audienceLabel).toBe('Stamm');
    expect((await asManager({ method: 'POST', url: `/api/v1/mailing/${mailing.id}/send` })).statusCode).toBe(202);
    await sendAll(t);
    const [mail] = await smtp.parsed();
    expect(smtp.raw).toHaveLength(1);
    expect(mail!.subject).toBe('News für Lena');
    const header = mail!.headers.get('list-unsubscribe') as unknown;
    const raw = smtp.raw[0]!;
    // One field each (RFC 8058), the https address of the one-click endpoint.
    expect(raw.match(/^List-Unsubscribe:/gim)).toHaveLength(1);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
    const url = /<(https:\/\/clubs\.example\.ch\/api\/v1\/mailing-unsubscribe\/([^>]+))>/.exec(
      JSON.stringify(header) + raw.replace(/\r?\n\s+/g, ' '),
    );
    expect(url).not.toBeNull();
    const token = url![2]!;
    expect(mail!.text).toContain(`https://clubs.example.ch/unsubscribe/${token}`);
    expect(mail!.html).toContain(`href="https://clubs.example.ch/unsubscribe/${token}"`);

    // The page's GET changes nothing; it names her language (not the text's), for the page to speak.
    const info = await t.app.inject({ url: `/api/v1/mailing-unsubscribe/${token}` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ listName: 'Stamm', clubName: 'BPW Luzern', isSubscribed: true, language: 'fr' });
    // A mail client's one-click POST: anonymous, form-encoded.
    const oneClick = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/mailing-unsubscribe/${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextIp() },
        payload: 'List-Unsubscribe=One-Click',
      });
    expect((await oneClick()).statusCode).toBe(204);
    expect((await oneClick()).statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/v1/mailing-unsubscribe/${token}` })).json().isSubscribed).toBe(false);
    expect((await asMember({ url: `/api/v1/mailing-list/${list.id}` })).json().isSubscribed).toBe(false);
    // A forged or changed token: 404.
    const forged = token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/mailing-unsubscribe/${forged}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v1/mailing-unsubscribe/1.abc' })).statusCode).toBe(404);
    // A mailing not to a list carries none.
    smtp.reset();
    const toClub = await asManager({
      method: 'POST',
      url: '/api/v1/mailing',
      payload: { texts, audience: { kind: 'club', clubId: clubA } },
    });
    await asManager({ method: 'POST', url: `/api/v1/mailing/${toClub.json().id}/send` });
    await sendAll(t);
    expect(smtp.raw.length).toBeGreaterThan(0);
    expect(smtp.raw.every((m) => !/^List-Unsubscribe/im.test(m))).toBe(true);
  });
});

describe('cancelling a mailing (issue 18)', () => {
  let t: TestApp;
  let smtp: SmtpPeer;
  // While closed, the SMTP server refuses: a handed-over mail stays pending in the outbox.
  let isSmtpOpen = true;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    const smtpTransport = createMailTransport({ smtpUrl: smtp.url, from: 'bpw@example.ch', dataDir: '/nonexistent' });
    const transport: MailTransport = {
      send: async (mail) => {
        if (!isSmtpOpen) throw Object.assign(new Error('closed'), { code: 'ECONNREFUSED' });
        await smtpTransport.send(mail);
      },
      close: () => smtpTransport.close(),
    };
    // Two a minute: one handed over per tick, so most are still queued when cancelled.
    t = await createTestApp({ transport, env: { MAILING_RATE_PER_MINUTE: '2' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('cancels the queued recipients and the mail not yet claimed; nothing is sent afterwards', async () => {
    const db = t.database.db;
    const club = (await createClub(db)).id;
    const manager = await createPerson(db, { clubId: club, type: 'database' });
    for (let i = 0; i < 5; i++) await giveEmail(db, (await createPerson(db, { clubId: club })).id);
    const asManager = injectAs(t.app, (await signIn(t.app, manager.username, manager.password)).token);
    const mailing = (
      await asManager({
        method: 'POST',
        url: '/api/v1/mailing',
        payload: {
          texts: [{ language: 'de', subject: 'Abgesagt', body: '...' }],
          audience: { kind: 'club', clubId: club },
        },
      })
    ).json() as Mailing;
    // The SMTP server refuses at first: what is handed over waits in the outbox.
    isSmtpOpen = false;
    await asManager({ method: 'POST', url: `/api/v1/mailing/${mailing.id}/send` });
    await t.app.jobs.runOnce();
    // The job's own kick and these ticks hand over the rate's two for this minute, no more.
    for (let i = 0; i < 4; i++) await t.app.mailings.runOnce();
    await t.outbox.runOnce();
    const waiting = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.subject, 'Abgesagt'));
    expect(waiting).toHaveLength(2);
    expect(smtp.raw).toHaveLength(0);
    // One of the two is sent; the other still waits, and three are queued.
    isSmtpOpen = true;
    await db.update(mailOutbox).set({ nextAttemptAt: new Date() }).where(eq(mailOutbox.id, waiting[0]!.id));
    await t.outbox.runOnce();
    expect(smtp.raw).toHaveLength(1);
    await t.app.mailings.runOnce();

    const cancel = await asManager({ method: 'POST', url: `/api/v1/mailing/${mailing.id}/cancel` });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().state).toBe('cancelled');
    expect((await asManager({ method: 'POST', url: `/api/v1/mailing/${mailing.id}/cancel` })).statusCode).toBe(409);
    await db.update(mailOutbox).set({ nextAttemptAt: new Date() });
    await sendAll(t);
    expect(smtp.raw).toHaveLength(1);
    const progress = (await asManager({ url: `/api/v1/mailing/${mailing.id}/progress` })).json() as MailingProgress;
    expect(progress.state).toBe('cancelled');
    expect(progress.counts).toMatchObject({ sent: 1, cancelled: 4, queued: 0, handed: 0 });
  });
});
