import { RegistrationState } from '@bpw/domain/enums/registration';
import type { Mailing, MailingPreview, MailingProgress } from '@bpw/domain/schemas/mailing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type CreatedPerson,
  createClub,
  createEvent,
  createPerson,
  createRegistration,
  injectAs,
  signIn,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { type SmtpPeer, giveEmail, sendAll, startSmtpPeer } from './mailing-test-support';

/** Issue 18: mailings to persons, club members and event registrations, in each one's language. */
describe('mailings (issue 18)', () => {
  let t: TestApp;
  let smtp: SmtpPeer;
  let clubA: string;
  let clubB: string;
  let admin: CreatedPerson;
  let managerA: CreatedPerson;
  let eventManagerA: CreatedPerson;
  let member: CreatedPerson;

  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, MAILING_RATE_PER_MINUTE: '100000' } });
    const db = t.database.db;
    clubA = (await createClub(db, { name: 'BPW Bern' })).id;
    clubB = (await createClub(db, { name: 'BPW Genève' })).id;
    admin = await createPerson(db, { isAdmin: true });
    managerA = await createPerson(db, { clubId: clubA, type: 'database', firstname: 'Mia' });
    await giveEmail(db, managerA.id, { email: 'mia.manager@example.ch' });
    eventManagerA = await createPerson(db, { clubId: clubA, type: 'responsibleEvents' });
    member = await createPerson(db, { clubId: clubA });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => smtp.reset());

  const as = async (person: CreatedPerson) =>
    injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
  const texts = [
    { language: 'de', subject: 'Hallo {salutation} {lastName}', body: 'Liebe {firstName}, **willkommen** bei {club}.' },
    { language: 'fr', subject: 'Bonjour {salutation} {lastName}', body: 'Chère {firstName}, bienvenue à {club}.' },
  ];

  async function create(person: CreatedPerson, body: Record<string, unknown>) {
    const res = await (await as(person))({ method: 'POST', url: '/api/v1/mailing', payload: { texts, ...body } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Mailing;
  }

  async function sendAndDeliver(person: CreatedPerson, id: string) {
    const res = await (await as(person))({ method: 'POST', url: `/api/v1/mailing/${id}/send` });
    expect(res.statusCode, res.body).toBe(202);
    await sendAll(t);
    return smtp.parsed();
  }

  it("sends a club's members the mailing in each one's language, placeholders filled, nobody twice", async () => {
    const db = t.database.db;
    const club = (await createClub(db, { name: 'BPW Zug' })).id;
    const manager = await createPerson(db, { clubId: club, type: 'database' });
    const anne = await createPerson(db, { clubId: club, languageCode: 'fr', firstname: 'Anne', lastname: 'Dubois' });
    await giveEmail(db, anne.id, { email: 'anne@example.ch', salutation: 0 });
    const berta = await createPerson(db, { clubId: club, languageCode: 'it', firstname: 'Berta', lastname: 'Keller' });
    await giveEmail(db, berta.id, { email: 'berta@example.ch', salutation: 0 });
    // The same address as Berta's: she gets it once.
    const bertaSister = await createPerson(db, { clubId: club, firstname: 'Clara', lastname: 'Keller' });
    await giveEmail(db, bertaSister.id, { email: 'BERTA@example.ch' });
    await createPerson(db, { clubId: club }); // no e-mail
    const former = await createPerson(db, { clubId: club, to: '2021-12-31' }); // a member no more
    await giveEmail(db, former.id);
    const mailing = await create(manager, { audience: { kind: 'club', clubId: club } });
    expect(mailing).toMatchObject({ state: 'draft', clubId: club, audienceLabel: 'BPW Zug', canEdit: true });

    const preview = (
      await (
        await as(manager)
      )({ url: `/api/v1/mailing/${mailing.id}/preview?Language=fr` })
    ).json() as MailingPreview;
    expect(preview.recipients).toEqual({
      total: 2,
      byLanguage: { de: 1, fr: 1, it: 0, en: 0 },
      withoutConsent: 0,
      withoutEmail: 1,
    });
    expect(preview.subject).toBe('Bonjour Madame Dubois');
    expect(preview.html).toContain('<p>Chère Anne, bienvenue à BPW Zug.</p>');

    const mails = await sendAndDeliver(manager, mailing.id);
    expect(mails.map((m) => (m.to && 'value' in m.to ? m.to.value[0]?.address?.toLowerCase() : '')).sort()).toEqual([
      'anne@example.ch',
      'berta@example.ch',
    ]);
    const toAnne = mails.find((m) => JSON.stringify(m.to).includes('anne@'))!;
    expect(toAnne.subject).toBe('Bonjour Madame Dubois');
    expect(toAnne.html).toContain('Chère Anne, bienvenue à BPW Zug.');
    expect(toAnne.text).toContain('Chère Anne, bienvenue à BPW Zug.');
    // Berta's Italian is not written: the German text, her salutation in German.
    const toBerta = mails.find((m) => JSON.stringify(m.to).toLowerCase().includes('berta@'))!;
    expect(toBerta.subject).toMatch(/^Hallo (Frau Keller|\s*Keller)$/);
    expect(toBerta.html).toContain('<strong>willkommen</strong>');

    const progress = (
      await (
        await as(manager)
      )({ url: `/api/v1/mailing/${mailing.id}/progress` })
    ).json() as MailingProgress;
    expect(progress).toMatchObject({ state: 'sent', total: 2, withoutEmail: 1, withoutConsent: 0 });
    expect(progress.counts).toMatchObject({ sent: 2, queued: 0, handed: 0, failed: 0 });
    const recipients = (await (await as(manager))({ url: `/api/v1/mailing/${mailing.id}/recipient` })).json();
    expect(recipients.total).toBe(2);
    expect(
      recipients.items.every((r: { state: string; sentAt: string | null }) => r.state === 'sent' && r.sentAt),
    ).toBe(true);

    // The archive of the club, with the count.
    const archive = (await (await as(manager))({ url: `/api/v1/mailing?ClubId=${club}` })).json();
    expect(archive.items[0]).toMatchObject({
      id: mailing.id,
      state: 'sent',
      recipientTotal: 2,
      counts: { sent: 2, failed: 0 },
    });
    // Sent: no more changes.
    const put = await (
      await as(manager)
    )({
      method: 'PUT',
      url: `/api/v1/mailing/${mailing.id}`,
      payload: { texts, audience: { kind: 'club', clubId: club } },
    });
    expect(put.statusCode).toBe(409);
    const again = await (await as(manager))({ method: 'POST', url: `/api/v1/mailing/${mailing.id}/send` });
    expect(again.statusCode).toBe(409);
  });

  it('reaches exactly the persons the person list shows for the same filter', async () => {
    const db = t.database.db;
    for (let i = 0; i < 3; i++) {
      const p = await createPerson(db, { clubId: clubA, lastname: `Filterfrau ${i}` });
      if (i < 2) await giveEmail(db, p.id);
    }
    const filter = { Clubs: [clubA], Lastname: 'Filterfrau' };
    const list = (await (await as(managerA))({ url: `/api/v1/person?Clubs=${clubA}&Lastname=Filterfrau` })).json();
    expect(list.total).toBe(3);
    const mailing = await create(managerA, { audience: { kind: 'persons', clubId: clubA, filter } });
    const preview = (
      await (
        await as(managerA)
      )({ url: `/api/v1/mailing/${mailing.id}/preview` })
    ).json() as MailingPreview;
    expect(preview.recipients.total + preview.recipients.withoutEmail).toBe(list.total);
    expect(preview.recipients.total).toBe(2);
    const mails = await sendAndDeliver(managerA, mailing.id);
    expect(mails).toHaveLength(2);
  });

  it('refuses a filter the person list refuses, and persons outside her clubs', async () => {
    const asManager = await as(managerA);
    const post = (audience: unknown) =>
      asManager({ method: 'POST', url: '/api/v1/mailing', payload: { texts, audience } });
    // States other than Active: admins only, as in GET person.
    const archived = await post({ kind: 'persons', clubId: clubA, filter: { Clubs: [clubA], States: ['90'] } });
    expect(archived.statusCode).toBe(400);
    expect((await post({ kind: 'persons', clubId: clubA, filter: {} })).statusCode).toBe(403);
    expect((await post({ kind: 'persons', clubId: clubA, filter: { Clubs: [clubB] } })).statusCode).toBe(403);
    expect((await post({ kind: 'club', clubId: clubB })).statusCode).toBe(403);
    expect((await post({ kind: 'persons', clubId: null, filter: { Clubs: [clubA] } })).statusCode).toBe(403);
    // An admin may choose them.
    const asAdmin = await as(admin);
    const byAdmin = await asAdmin({
      method: 'POST',
      url: '/api/v1/mailing',
      payload: { texts, audience: { kind: 'persons', clubId: null, filter: { States: ['0', '90'] } } },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    const badId = await asAdmin({
      method: 'POST',
      url: '/api/v1/mailing',
      payload: { texts, audience: { kind: 'persons', clubId: null, filter: { Clubs: ['not-an-id'] } } },
    });
    expect(badId.statusCode).toBe(400);
  });

  it("writes to an event's registrations by state; an advertising one skips guests and persons without consent", async () => {
    const db = t.database.db;
    const event = await createEvent(db, { responsibleClubId: clubA });
    const guest = await createRegistration(db, {
      eventId: event.id,
      eventRegistrationState: RegistrationState.Confirmed,
      firstname: 'Gina',
      languageCode: 'fr',
    });
    await createRegistration(db, { eventId: event.id, eventRegistrationState: RegistrationState.Unregistered });
    const consenting = await createPerson(db, { clubId: clubA, firstname: 'Vera' });
    await giveEmail(db, consenting.id, { advertising: 10 });
    const regOfConsenting = await createRegistration(db, {
      eventId: event.id,
      personId: consenting.id,
      eventRegistrationState: RegistrationState.Confirmed,
      email: 'vera@example.ch',
    });
    const refusing = await createPerson(db, { clubId: clubA });
    await giveEmail(db, refusing.id, { advertising: 0 });
    await createRegistration(db, {
      eventId: event.id,
      personId: refusing.id,
      eventRegistrationState: RegistrationState.Waiting,
      email: 'nein@example.ch',
    });

    const audience = {
      kind: 'event',
      eventId: event.id,
      registrationStates: [RegistrationState.Confirmed, RegistrationState.Waiting],
    };
    // A club manager who is no event manager may not.
    const byClubManager = await (
      await as(managerA)
    )({ method: 'POST', url: '/api/v1/mailing', payload: { texts, audience } });
    expect(byClubManager.statusCode).toBe(403);

    const plain = await create(eventManagerA, { audience });
    const plainMails = await sendAndDeliver(eventManagerA, plain.id);
    expect(plainMails.map((m) => JSON.stringify(m.to)).join()).toContain(guest.email);
    expect(plainMails).toHaveLength(3);
    expect(plainMails.find((m) => JSON.stringify(m.to).includes(guest.email))!.subject).toMatch(/^Bonjour/);
    smtp.reset();

    const advertising = await create(eventManagerA, { audience, isAdvertising: true });
    const preview = (
      await (
        await as(eventManagerA)
      )({ url: `/api/v1/mailing/${advertising.id}/preview` })
    ).json() as MailingPreview;
    expect(preview.recipients).toMatchObject({ total: 1, withoutConsent: 2 });
    const mails = await sendAndDeliver(eventManagerA, advertising.id);
    expect(mails.map((m) => JSON.stringify(m.to))).toEqual([expect.stringContaining(regOfConsenting.email)]);
    const skipped = (
      await (
        await as(eventManagerA)
      )({ url: `/api/v1/mailing/${advertising.id}/recipient?State=skipped` })
    ).json();
    expect(skipped.total).toBe(2);
    expect(skipped.items[0].error).toBe('noConsent');
  });

  it('sends a test to the sender herself, with the attachments', async () => {
    const mailing = await create(managerA, { audience: { kind: 'club', clubId: clubA } });
    const asManager = await as(managerA);
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n% a tiny pdf\n')]), 'Programm.pdf');
    const upload = await asManager({
      method: 'POST',
      url: `/api/v1/mailing/${mailing.id}/attachment`,
      ...(await multipart(form)),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    expect(upload.json()).toMatchObject({ filename: 'Programm.pdf', contentType: 'application/pdf' });
    const res = await asManager({
      method: 'POST',
      url: `/api/v1/mailing/${mailing.id}/test`,
      payload: { language: 'de' },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ address: 'mia.manager@example.ch' });
    await t.outbox.runOnce();
    const [mail] = await smtp.parsed();
    expect(mail!.subject).toMatch(/^\[Test\] Hallo/);
    expect(mail!.text).toContain('Liebe Mia');
    expect(mail!.attachments.map((a) => [a.filename, a.contentType])).toEqual([['Programm.pdf', 'application/pdf']]);
    // Nobody else got it, and the mailing is still a draft.
    expect(smtp.raw).toHaveLength(1);
    expect((await asManager({ url: `/api/v1/mailing/${mailing.id}` })).json().state).toBe('draft');
    // No own address: 400.
    const noAddress = await (
      await as(eventManagerA)
    )({
      method: 'POST',
      url: '/api/v1/mailing',
      payload: {
        texts,
        audience: {
          kind: 'event',
          eventId: (await createEvent(t.database.db, { responsibleClubId: clubA })).id,
          registrationStates: [30],
        },
      },
    });
    const test2 = await (
      await as(eventManagerA)
    )({ method: 'POST', url: `/api/v1/mailing/${noAddress.json().id}/test`, payload: {} });
    expect(test2.statusCode).toBe(400);
  });

  it('refuses bad input: empty subject, a language twice, attachments over 10 MB, a file type it does not send', async () => {
    const asManager = await as(managerA);
    const post = (payload: object) => asManager({ method: 'POST', url: '/api/v1/mailing', payload });
    const audience = { kind: 'club', clubId: clubA };
    const empty = await post({ audience, texts: [{ language: 'de', subject: '  ', body: 'x' }] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.length).toBeGreaterThan(0);
    expect((await post({ audience, texts: [] })).statusCode).toBe(400);
    expect((await post({ audience, texts: [texts[0], texts[0]] })).statusCode).toBe(400);
    expect((await post({ audience: { kind: 'nobody' }, texts })).statusCode).toBe(400);
    expect(
      (await post({ audience: { kind: 'event', eventId: clubA, registrationStates: [30] }, texts })).statusCode,
    ).toBe(400);

    const mailing = await create(managerA, { audience });
    const upload = async (name: string, data: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([data]), name);
      return asManager({ method: 'POST', url: `/api/v1/mailing/${mailing.id}/attachment`, ...(await multipart(form)) });
    };
    const sixMb = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    expect((await upload('a.pdf', sixMb)).statusCode).toBe(201);
    const second = await upload('b.pdf', sixMb);
    expect(second.statusCode).toBe(413);
    expect(second.json().errors[0]).toMatch(/10 MB/);
    expect((await upload('c.pdf', Buffer.alloc(11 * 1024 * 1024, 0x25))).statusCode).toBe(413);
    expect((await upload('script.exe', Buffer.from('MZ\x90\x00 not allowed'))).statusCode).toBe(415);
    expect((await upload('notes.txt', Buffer.from('Bitte mitbringen: Laptop.'))).statusCode).toBe(201);
    const detail = (await asManager({ url: `/api/v1/mailing/${mailing.id}` })).json() as Mailing;
    expect(detail.attachments.map((a) => a.filename)).toEqual(['a.pdf', 'notes.txt']);
    const download = await asManager({ url: `/api/v1/mailing/${mailing.id}/attachment/${detail.attachments[1]!.id}` });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('Bitte mitbringen: Laptop.');
    const removed = await asManager({
      method: 'DELETE',
      url: `/api/v1/mailing/${mailing.id}/attachment/${detail.attachments[0]!.id}`,
    });
    expect(removed.statusCode).toBe(204);
    const deleted = await asManager({ method: 'DELETE', url: `/api/v1/mailing/${mailing.id}` });
    expect(deleted.statusCode).toBe(204);
  });

  it('shows a club manager her club’s archive and an event manager only its event mailings', async () => {
    const asMember = await as(member);
    expect((await asMember({ url: `/api/v1/mailing?ClubId=${clubA}` })).statusCode).toBe(403);
    expect((await (await as(managerA))({ url: '/api/v1/mailing' })).statusCode).toBe(403);
    const forEvents = (await (await as(eventManagerA))({ url: `/api/v1/mailing?ClubId=${clubA}` })).json();
    expect(forEvents.items.every((m: { audienceKind: string }) => m.audienceKind === 'event')).toBe(true);
    const page = (await (await as(managerA))({ url: `/api/v1/mailing?ClubId=${clubA}&PerPage=1&Page=0` })).json();
    expect(page.items).toHaveLength(1);
    expect(page.total).toBeGreaterThan(1);
  });
});

/** A FormData body as inject takes it. */
export async function multipart(form: FormData) {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}
