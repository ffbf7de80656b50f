import fs from 'node:fs';
import path from 'node:path';
import { CustomFieldType } from '@bpw/domain/enums/custom-field';
import { RegistrationState } from '@bpw/domain/enums/registration';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventRegistrations } from '../../src/db/schema/registrations';
import { createEvent, injectAs, signIn } from '../factories';
import {
  createCustomField,
  lastMailTo,
  linkKeyFromMail,
  mailsTo,
  register,
  registrationBody,
  registrationWorld,
} from '../../src/features/event-registrations/registration-test-support';
import { type TestApp, createTestApp } from '../test-app';

/**
 * Issue 15, "public event registration": what an anonymous visitor could do with the public
 * registration form. Line breaks in one-line fields, her own text in the association's mails,
 * slots held for ever by invented registrations, and the form telling her who is registered.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const en = { 'accept-language': 'en-US' };

/** The .eml as the SMTP peer gets it, quoted-printable soft breaks and escapes decoded. */
function decodeEml(raw: string) {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8').replace(/\r\n/g, '\n');
}

describe('public registration: line breaks, quoted visitor text, enumeration, slot hoarding', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof registrationWorld>>;
  let now = new Date();
  beforeAll(async () => {
    t = await createTestApp({ now: () => now, env: { PUBLIC_URL: 'https://events.example.ch' } });
    w = await registrationWorld(t.app, t.database.db);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const activeRows = async (eventId: string) =>
    (await db().select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId))).filter(
      (r) => r.eventRegistrationState !== RegistrationState.Unregistered,
    );

  it('refuses CR, LF, U+2028 and U+2029 in every one-line field with 400 and a localised message', async () => {
    const event = await createEvent(db(), { responsibleClubId: w.club.id });
    const fields = ['firstname', 'lastname', 'street', 'zip', 'city', 'address1', 'address2', 'county', 'state'];
    const breaks = ['\n', '\r', '\r\n', '\u2028', '\u2029', '\u0085'];
    const answers: string[] = [];
    for (const field of fields) {
      for (const lineBreak of breaks) {
        const body = registrationBody({ [field]: `Anna${lineBreak}Bitte zahlen Sie sofort` });
        const res = await register(t.app, event.id, body, { headers: en });
        answers.push(`${field} ${JSON.stringify(lineBreak)}: ${res.statusCode} ${res.json().errors?.join(' | ')}`);
        expect(res.statusCode).toBe(400);
        expect(res.headers['content-type']).toContain('application/problem+json');
        expect(res.json().errors.join(' ')).toMatch(/must be on a single line/);
      }
    }
    expect(answers).toHaveLength(fields.length * breaks.length);
    expect(await activeRows(event.id)).toEqual([]);
    const german = await register(t.app, event.id, registrationBody({ firstname: 'Anna\nMaria' }), {
      headers: { 'accept-language': 'de-CH' },
    });
    expect(german.json().errors).toEqual(['Vorname muss auf einer Zeile stehen (ohne Zeilenumbruch).']);
  });

  it('refuses a line break in a name when staff edit the registration too', async () => {
    const event = await createEvent(db(), { responsibleClubId: w.club.id });
    const body = registrationBody();
    const created = await register(t.app, event.id, body);
    const res = await w.as('manager')({
      method: 'PUT',
      url: `/api/v1/event-registration/${created.json().id}`,
      payload: { ...body, lastname: 'Muster\nIhr Konto wird gesperrt' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('shows a remark or an answer with links and line breaks only inside the quoted block of her entries', async () => {
    const event = await createEvent(db(), { responsibleClubId: w.club.id, title: 'Sommerapéro' });
    const field = await createCustomField(db(), { eventId: event.id, type: CustomFieldType.string, title: 'Diät' });
    const remark = [
      'Ihre Zahlung ist ausstehend.',
      'Bitte zahlen Sie CHF 80 hier: https://evil.example/pay',
      '<a href="https://evil.example/html">Jetzt zahlen</a>',
      '',
      'Ihr BPW-Team',
    ].join('\n');
    const body = registrationBody({
      firstname: 'Gabriela',
      remarks: remark,
      eventCustomFieldValues: [{ eventCustomFieldId: field.id, value: 'vegan\nhttps://evil.example/field' }],
    });
    expect((await register(t.app, event.id, body, { headers: en })).statusCode).toBe(201);
    const mail = (await lastMailTo(db(), body.email))!;
    expect(await t.outbox.runOnce()).toBeGreaterThanOrEqual(1);
    const eml = decodeEml(fs.readFileSync(path.join(t.config.dataDir, 'mail-outbox', `${mail.id}.eml`), 'utf8'));

    // Text part: every line with her words is a quotation line.
    const textLines = mail.textBody.split('\n');
    for (const line of textLines.filter((l) => /evil\.example|zahlen|Zahlung|BPW-Team|vegan/.test(l))) {
      expect(line.startsWith('> '), line).toBe(true);
    }
    expect(textLines[0]).toBe(`Hello Gabriela ${body.lastname},`);
    expect(mail.textBody).toContain('Your entries, exactly as typed in the registration form (not checked by us):');
    expect(mail.textBody).toContain('> Remarks: Ihre Zahlung ist ausstehend.\n> Bitte zahlen Sie CHF 80 hier:');
    expect(mail.textBody).toContain('> Diät: vegan\n> https://evil.example/field');

    // HTML part: her words only escaped, inside the labelled blockquote; no link of hers.
    const html = mail.htmlBody!;
    const start = html.indexOf('<blockquote data-user-entries');
    const end = html.indexOf('</blockquote>', start);
    expect(start).toBeGreaterThan(0);
    const outside = html.slice(0, start) + html.slice(end);
    expect(outside).not.toMatch(/evil\.example|Zahlung|BPW-Team/);
    expect(html).not.toContain('<a href="https://evil.example');
    expect(html.slice(start, end)).toContain('&lt;a href=&quot;https://evil.example/html&quot;&gt;');
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs.every((href) => href!.startsWith('https://events.example.ch/'))).toBe(true);

    // The same as the SMTP peer receives it.
    expect(eml).toContain('> Bitte zahlen Sie CHF 80 hier: https://evil.example/pay');
    const emlHtml = eml.slice(eml.indexOf('Content-Type: text/html'));
    expect(emlHtml).toContain('<blockquote data-user-entries');
    expect(emlHtml).not.toContain('<a href="https://evil.example');
  });

  it('answers a repeated registration exactly like a new one, stores nothing and mails the owner her links again', async () => {
    const event = await createEvent(db(), { responsibleClubId: w.club.id, registrationSlots: 5 });
    const owner = registrationBody({ firstname: 'Olivia', remarks: 'Ich komme gern.' });
    const first = await register(t.app, event.id, owner, { headers: en });
    const stranger = await register(t.app, event.id, registrationBody({ email: 'someone-else@example.ch' }), {
      headers: en,
    });
    const firstKey = await linkKeyFromMail(db(), owner.email);
    const probe = registrationBody({ firstname: 'Mallory', lastname: 'Probe', email: owner.email.toUpperCase() });
    const repeated = await register(t.app, event.id, { ...probe, remarks: 'https://evil.example' }, { headers: en });

    // Indistinguishable to the caller: status, content type, the shape and values of the body.
    const shape = (res: typeof first) => ({
      status: res.statusCode,
      type: res.headers['content-type'],
      keys: Object.keys(res.json()).sort(),
      state: res.json().eventRegistrationState,
      idFormat: /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(res.json().id),
    });
    expect(shape(repeated)).toEqual(shape(stranger));
    expect(shape(repeated)).toEqual({
      status: 201,
      type: expect.stringContaining('application/json'),
      keys: ['eventRegistrationState', 'id', 'waitingListPlace'],
      state: RegistrationState.Pending,
      idFormat: true,
    });
    expect(repeated.json().id).not.toBe(first.json().id);
    expect(repeated.body).not.toContain('Olivia');

    // Nothing new stored; the existing registration keeps its data.
    const rows = await activeRows(event.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === first.json().id)).toMatchObject({
      firstname: 'Olivia',
      remarks: 'Ich komme gern.',
    });

    // The owner gets her links again (new ones: the old key is replaced), none of the prober's text.
    const mails = await mailsTo(db(), owner.email);
    expect(mails).toHaveLength(2);
    const again = (await lastMailTo(db(), owner.email))!;
    expect(again.textBody).toContain('We received another registration for this event with your e-mail address.');
    expect(again.textBody).toMatch(/^Hello Olivia /);
    expect(again.textBody).not.toMatch(/Mallory|evil\.example/);
    const newKey = await linkKeyFromMail(db(), owner.email);
    expect(newKey).not.toBe(firstKey);
    expect((await t.app.inject({ url: `/api/v1/event-registration-public/${firstKey}` })).statusCode).toBe(404);
    const confirmed = await t.app.inject({ method: 'PUT', url: `/api/v1/event-registration-public/${newKey}/confirm` });
    expect(confirmed.json().eventRegistrationState).toBe(RegistrationState.Confirmed);

    // A confirmed one is answered the same way too.
    const onConfirmed = await register(t.app, event.id, probe, { headers: en });
    expect(shape(onConfirmed)).toEqual(shape(stranger));
  });

  it('mails the owner at most once per 10 minutes however often her address is registered again', async () => {
    const event = await createEvent(db(), { responsibleClubId: w.club.id });
    const owner = registrationBody();
    expect((await register(t.app, event.id, owner)).statusCode).toBe(201);
    for (let i = 0; i < 5; i++)
      expect((await register(t.app, event.id, registrationBody({ email: owner.email }))).statusCode).toBe(201);
    expect(await mailsTo(db(), owner.email)).toHaveLength(2);
    now = new Date(now.getTime() + 11 * MINUTE);
    expect((await register(t.app, event.id, registrationBody({ email: owner.email }))).statusCode).toBe(201);
    expect(await mailsTo(db(), owner.email)).toHaveLength(3);
  });

  it('gives a repeated registration of a full event the same refusal as a new address', async () => {
    const event = await createEvent(db(), { responsibleClubId: w.club.id, registrationSlots: 1 });
    const owner = registrationBody();
    expect((await register(t.app, event.id, owner)).statusCode).toBe(201);
    const known = await register(t.app, event.id, registrationBody({ email: owner.email }), { headers: en });
    const unknown = await register(t.app, event.id, registrationBody(), { headers: en });
    expect([known.statusCode, known.json().errors]).toEqual([409, ['The event is fully booked.']]);
    expect([unknown.statusCode, unknown.json().errors]).toEqual([409, ['The event is fully booked.']]);
  });

  it('frees the slots of invented registrations that nobody confirms once their time to confirm has run out', async () => {
    const event = await createEvent(db(), {
      responsibleClubId: w.club.id,
      registrationSlots: 3,
      eventFrom: new Date(now.getTime() + 30 * 24 * HOUR),
      eventTo: null,
    });
    const invented = [registrationBody(), registrationBody(), registrationBody()];
    for (const body of invented) expect((await register(t.app, event.id, body)).statusCode).toBe(201);
    const keys = await Promise.all(invented.map((b) => linkKeyFromMail(db(), b.email)));
    const full = await register(t.app, event.id, registrationBody(), { headers: en });
    expect([full.statusCode, full.json().errors]).toEqual([409, ['The event is fully booked.']]);
    // Read signed in: the anonymous page is a shared cache that ages out by the wall clock.
    const slotsLeft = async () => {
      const { token } = await signIn(t.app, w.people.member.username, w.people.member.password);
      const detail = await injectAs(t.app, token)({ url: `/api/v1/event-public/${event.id}` });
      return detail.json().availableRegistrationSlots;
    };
    expect(await slotsLeft()).toBe(0);

    now = new Date(now.getTime() + 48 * HOUR + MINUTE);
    // No job has run: the expiry alone frees the slots.
    expect(await slotsLeft()).toBe(3);
    expect((await register(t.app, event.id, registrationBody())).statusCode).toBe(201);
    const late = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/event-registration-public/${keys[0]}/confirm`,
      headers: en,
    });
    expect([late.statusCode, late.json().errors]).toEqual([
      409,
      ['This registration has expired because it was not confirmed in time. Please register again.'],
    ]);
    expect((await t.app.inject({ url: `/api/v1/event-registration-public/${keys[0]}` })).json()).toMatchObject({
      eventRegistrationState: RegistrationState.Pending,
      canConfirm: false,
    });
    // The same address may register anew; its expired registration makes way.
    expect((await register(t.app, event.id, registrationBody({ email: invented[1]!.email }))).statusCode).toBe(201);
    expect(await mailsTo(db(), invented[1]!.email)).toHaveLength(2);
    expect(await slotsLeft()).toBe(1);
  });
});
