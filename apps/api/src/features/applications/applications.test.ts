import { CustomFieldMode, CustomFieldType } from '@bpw/domain/enums/custom-field';
import { NotificationType } from '@bpw/domain/enums/notification';
import { ApplicationState } from '@bpw/domain/schemas/application';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAccounts } from '../../db/schema/accounts';
import { membershipApplications } from '../../db/schema/applications';
import { clubRelations } from '../../db/schema/clubs';
import { mailOutbox } from '../../db/schema/mail-outbox';
import { notifications } from '../../db/schema/notifications';
import { hashToken } from '../../platform/auth/secure-tokens';
import { createMembership, createPerson, injectAs } from '../../../test/factories';
import { type TestApp, createTestApp } from '../../../test/test-app';
import { applicationExpiryJobName } from './application-expiry.job';
import {
  apply,
  applicationBody,
  applicationWorld,
  applyAndConfirm,
  confirm,
  confirmKeyFromMail,
  formBody,
  lastMailTo,
  putForm,
} from './application-test-support';

describe('membership applications (issue 25)', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof applicationWorld>>;
  let clock = new Date();
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://bpw.example.ch' }, now: () => clock });
    w = await applicationWorld(t.app, t.database.db);
    expect((await putForm(t.app, w.tokens.manager, w.club.id, formBody())).statusCode).toBe(200);
    expect((await putForm(t.app, w.tokens.admin, null, formBody())).statusCode).toBe(200);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const as = (token: string) => injectAs(t.app, token);
  const rowsOfEmail = (email: string) =>
    db().select().from(membershipApplications).where(eq(membershipApplications.email, email));

  describe('the form', () => {
    it("lets the club's manager publish a form with her own questions, which anyone then reads", async () => {
      const club = w.otherClub;
      const asOther = as(w.tokens.otherManager);
      expect((await t.app.inject({ url: `/api/v1/application-form-public/${club.id}` })).statusCode).toBe(404);
      const body = formBody({
        questions: [
          {
            type: CustomFieldType.option,
            title: 'Wie haben Sie von uns erfahren?',
            mode: CustomFieldMode.required,
            eventCustomFieldOptions: [{ value: 'Freundin' }, { value: 'Web' }],
          },
          { type: CustomFieldType.number, title: 'Jahre im Beruf', mode: CustomFieldMode.optional },
        ],
      });
      const saved = await asOther({ method: 'PUT', url: `/api/v1/club/${club.id}/application-form`, payload: body });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().questions.map((q: { title: string }) => q.title)).toEqual([
        'Wie haben Sie von uns erfahren?',
        'Jahre im Beruf',
      ]);
      const shown = await t.app.inject({ url: `/api/v1/application-form-public/${club.id}` });
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toMatchObject({
        clubName: 'BPW Basel',
        intro: { fr: 'Bienvenue' },
        membershipTypes: [0, 1],
      });
      expect(shown.json().questions[0].eventCustomFieldOptions.map((o: { value: string }) => o.value)).toEqual([
        'Freundin',
        'Web',
      ]);
    });

    it("refuses the custom-field rules in the editor, in the manager's language", async () => {
      const res = await putForm(t.app, w.tokens.manager, w.club.id, {
        ...formBody(),
        questions: [
          { type: CustomFieldType.option, title: 'Farbe', mode: CustomFieldMode.required, eventCustomFieldOptions: [] },
        ],
      });
      expect(res.statusCode).toBe(400);
      // The manager corresponds in French.
      expect(res.json().errors).toEqual(['Options ne doit pas être vide.']);
      const noTypes = await putForm(t.app, w.tokens.manager, w.club.id, formBody({ membershipTypes: [] }));
      expect(noTypes.statusCode).toBe(400);
      expect(noTypes.json().errors).toEqual(['Types d’adhésion proposés ne doit pas être vide.']);
    });

    it('refuses members, managers of other clubs and strangers', async () => {
      const url = `/api/v1/club/${w.club.id}/application-form`;
      expect((await as(w.tokens.member)({ url })).statusCode).toBe(403);
      expect((await as(w.tokens.otherManager)({ url })).statusCode).toBe(403);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
      expect((await putForm(t.app, w.tokens.otherManager, w.club.id, formBody())).statusCode).toBe(403);
      expect((await putForm(t.app, w.tokens.manager, null, formBody())).statusCode).toBe(403);
      expect((await as(w.tokens.admin)({ url })).statusCode).toBe(200);
    });
  });

  describe('applying', () => {
    it('answers 202 without a body, stores only a hash of the key and mails the link in her language', async () => {
      const body = applicationBody({ languageCode: 'it' });
      const res = await apply(t.app, w.club.id, body);
      expect(res.statusCode).toBe(202);
      expect(res.body).toBe('null');
      const mail = (await lastMailTo(db(), body.email))!;
      expect(mail.subject).toBe('La sua domanda di adesione: confermi l’indirizzo e-mail');
      expect(mail.textBody).toContain('BPW Bern');
      const key = await confirmKeyFromMail(db(), body.email);
      expect(Buffer.from(key, 'base64url').length).toBeGreaterThanOrEqual(16);
      const [row] = await rowsOfEmail(body.email);
      expect(row!.keyHash).toBe(hashToken(key));
      expect(JSON.stringify(row)).not.toContain(key);
      expect(row!.state).toBe(ApplicationState.unconfirmed);
    });

    it('gives the same answer for an address that belongs to a known person or already applied', async () => {
      const known = await createPerson(db(), { clubId: w.club.id });
      const first = await apply(t.app, w.club.id, applicationBody({ email: known.username }));
      const again = await apply(t.app, w.club.id, applicationBody({ email: known.username }));
      const unknown = await apply(t.app, w.club.id, applicationBody());
      for (const res of [first, again, unknown]) {
        expect(res.statusCode).toBe(202);
        expect(res.body).toBe('null');
        expect(res.headers['content-type']).toBe(unknown.headers['content-type']);
      }
      // One application and one mail: a repeat within 10 minutes mails nothing.
      expect(await rowsOfEmail(known.username)).toHaveLength(1);
      expect(await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, known.username))).toHaveLength(1);
    });

    it('stores and mails nothing when the honeypot is filled in, and answers the same', async () => {
      const body = applicationBody({ website: 'https://spam.example' });
      const res = await apply(t.app, w.club.id, body);
      expect(res.statusCode).toBe(202);
      expect(res.body).toBe('null');
      expect(await rowsOfEmail(body.email)).toHaveLength(0);
      expect(await lastMailTo(db(), body.email)).toBeUndefined();
    });

    it("checks the club's questions with the custom-field rules and refuses in the applicant's language", async () => {
      const form = (await t.app.inject({ url: `/api/v1/application-form-public/${w.otherClub.id}` })).json();
      const [source, years] = form.questions as { id: string }[];
      const missing = await apply(
        t.app,
        w.otherClub.id,
        applicationBody({ answers: [{ questionId: years!.id, value: 'viele' }] }),
        {
          'accept-language': 'en-US',
        },
      );
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual(
        expect.arrayContaining([
          'Wie haben Sie von uns erfahren? must not be empty.',
          expect.stringContaining('Jahre im Beruf'),
        ]),
      );
      const body = applicationBody({
        answers: [
          { questionId: source!.id, value: 'Web' },
          { questionId: years!.id, value: '12,5' },
        ],
      });
      expect((await apply(t.app, w.otherClub.id, body)).statusCode).toBe(202);
      const [row] = await rowsOfEmail(body.email);
      expect(row!.answers).toEqual([
        { questionId: source!.id, title: 'Wie haben Sie von uns erfahren?', value: 'Web' },
        { questionId: years!.id, title: 'Jahre im Beruf', value: '12.5' },
      ]);
    });

    it('refuses a membership type the club does not offer, missing terms, and unpublished forms', async () => {
      const res = await apply(t.app, w.club.id, applicationBody({ membershipType: 3 }), { 'accept-language': 'de-CH' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([expect.stringContaining('Mitgliedschaftsart')]);
      const terms = await apply(
        t.app,
        w.club.id,
        { ...applicationBody(), hasAcceptedTerms: false },
        { 'accept-language': 'fr-CH' },
      );
      expect(terms.statusCode).toBe(400);
      expect(terms.json().errors).toEqual([expect.stringContaining('Conditions d’utilisation')]);
      await putForm(t.app, w.tokens.manager, w.club.id, formBody({ isPublished: false }));
      expect((await apply(t.app, w.club.id, applicationBody())).statusCode).toBe(404);
      await putForm(t.app, w.tokens.manager, w.club.id, formBody());
    });
  });

  describe('confirming', () => {
    it("makes it pending, and the club's managers get a notification and a mail", async () => {
      const body = applicationBody();
      await apply(t.app, w.club.id, body);
      const key = await confirmKeyFromMail(db(), body.email);
      const res = await confirm(t.app, key);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ clubName: 'BPW Bern' });
      const [row] = await rowsOfEmail(body.email);
      expect(row!.state).toBe(ApplicationState.pending);

      const inbox = await db().select().from(notifications).where(eq(notifications.personId, w.people.manager.id));
      const notice = inbox.find((n) => n.title.includes(body.lastname))!;
      expect(notice.notificationType).toBe(NotificationType.MembershipApplicationReceived);
      // The manager's language is French.
      expect(notice.title).toBe(`Demande d’adhésion : Lea ${body.lastname}`);
      const managerMail = (await lastMailTo(db(), w.people.manager.username))!;
      expect(managerMail.subject).toBe(`Demande d’adhésion : Lea ${body.lastname}`);
      expect(managerMail.textBody).toContain(`https://bpw.example.ch/clubs/${w.club.id}`);
      // Other clubs' managers hear nothing.
      const others = await db()
        .select()
        .from(notifications)
        .where(eq(notifications.personId, w.people.otherManager.id));
      expect(others.some((n) => n.title.includes(body.lastname))).toBe(false);

      // Pressed again: no change, no second notification.
      expect((await confirm(t.app, key)).statusCode).toBe(200);
      const after = await db().select().from(notifications).where(eq(notifications.personId, w.people.manager.id));
      expect(after.filter((n) => n.title.includes(body.lastname))).toHaveLength(1);
    });

    it('answers 404 for an unknown key', async () => {
      expect((await confirm(t.app, 'A'.repeat(43))).statusCode).toBe(404);
    });

    it('expires after 48 hours, and the job leaves nothing behind', async () => {
      const body = applicationBody();
      await apply(t.app, w.club.id, body);
      const key = await confirmKeyFromMail(db(), body.email);
      const saved = clock;
      try {
        clock = new Date(saved.getTime() + 48 * 3_600_000 + 1000);
        const late = await t.app.inject({
          method: 'PUT',
          url: `/api/v1/application-public/${key}/confirm`,
          headers: { 'accept-language': 'en-US', 'x-forwarded-for': '10.250.0.1' },
        });
        expect(late.statusCode).toBe(409);
        expect(late.json().errors).toEqual(['The link has expired. Please apply again.']);
        await t.app.scheduler.runJob(applicationExpiryJobName, { now: clock });
      } finally {
        clock = saved;
      }
      expect(await rowsOfEmail(body.email)).toHaveLength(0);
      expect(await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, body.email))).toHaveLength(0);
      expect((await confirm(t.app, key)).statusCode).toBe(404);
    });
  });

  describe('deciding', () => {
    it('pages the pending list in the database, oldest first, and hides unconfirmed ones', async () => {
      const club = await (await import('../../../test/factories')).createClub(db());
      await createMembership(db(), { personId: w.people.manager.id, clubId: club.id, type: 'database' });
      await putForm(t.app, w.tokens.manager, club.id, formBody());
      const first = await applyAndConfirm(t.app, db(), { clubId: club.id, token: w.tokens.manager });
      clock = new Date(clock.getTime() + 1000);
      const second = await applyAndConfirm(t.app, db(), { clubId: club.id, token: w.tokens.manager });
      await apply(t.app, club.id, applicationBody());
      const page = await as(w.tokens.manager)({ url: `/api/v1/club/${club.id}/application?PerPage=1&Page=1` });
      expect(page.statusCode).toBe(200);
      expect(page.json().total).toBe(2);
      expect(page.json().items.map((x: { id: string }) => x.id)).toEqual([second.id]);
      const all = await as(w.tokens.admin)({ url: `/api/v1/club/${club.id}/application?PerPage=0` });
      expect(all.json().items.map((x: { id: string }) => x.id)).toEqual([first.id, second.id]);
    });

    it("refuses members and other clubs' managers the list and every decision", async () => {
      const { id } = await applyAndConfirm(t.app, db(), { clubId: w.club.id, token: w.tokens.manager });
      for (const token of [w.tokens.member, w.tokens.otherManager]) {
        expect((await as(token)({ url: `/api/v1/club/${w.club.id}/application` })).statusCode).toBe(403);
        const accept = await as(token)({
          method: 'PUT',
          url: `/api/v1/application/${id}/accept`,
          payload: { membershipType: 0, from: '2026-12-01' },
        });
        expect(accept.statusCode).toBe(403);
        const reject = await as(token)({ method: 'PUT', url: `/api/v1/application/${id}/reject`, payload: {} });
        expect(reject.statusCode).toBe(403);
      }
      expect((await as(w.tokens.manager)({ url: '/api/v1/application' })).statusCode).toBe(403);
    });

    it('accepting creates the person with her membership, address and an invitation link in her language', async () => {
      const { id, body } = await applyAndConfirm(t.app, db(), {
        clubId: w.club.id,
        token: w.tokens.manager,
        body: { languageCode: 'it' },
      });
      const res = await as(w.tokens.manager)({
        method: 'PUT',
        url: `/api/v1/application/${id}/accept`,
        payload: { membershipType: 1, from: '2026-12-01' },
      });
      expect(res.statusCode).toBe(200);
      const { personId, isNewPerson } = res.json();
      expect(isNewPerson).toBe(true);

      const person = (await as(w.tokens.manager)({ url: `/api/v1/person/${personId}` })).json();
      expect(person).toMatchObject({
        firstname: 'Lea',
        lastname: body.lastname,
        birthday: '1988-04-12',
        languageCode: 'it',
      });
      const [relation] = await db().select().from(clubRelations).where(eq(clubRelations.personId, personId));
      expect(relation).toMatchObject({ clubId: w.club.id, type: 1, from: '2026-12-01', to: null });
      const addresses = (await as(w.tokens.manager)({ url: `/api/v1/person/${personId}/address` })).json();
      const address = (addresses.items ?? addresses)[0];
      expect(address).toMatchObject({ street: 'Bundesgasse 1', zip: '3003', city: 'Bern' });

      const [account] = await db().select().from(userAccounts).where(eq(userAccounts.personId, personId));
      expect(account!.username).toBe(body.email);
      expect(account!.passwordHash).toBeNull();
      expect(account!.acceptedTermsAt).not.toBeNull();
      const invitation = (await lastMailTo(db(), body.email))!;
      expect(invitation.textBody).toContain('https://bpw.example.ch/reset-password?token=');
      expect(invitation.subject).toMatch(/BPW Switzerland/);
      expect(invitation.htmlBody).toContain('lang="it-CH"');

      expect(await rowsOfEmail(body.email)).toHaveLength(0);
      const trail = (await as(w.tokens.admin)({ url: `/api/v1/person/${personId}/audit-entry?PerPage=0` })).json();
      const applicationEntries = trail.items.filter((e: { entity: string }) => e.entity === 'membershipApplication');
      expect(applicationEntries.map((e: { action: string }) => e.action).sort()).toEqual(['accepted', 'created']);
      // The advertising consent she gave in her application is in her consent log as hers.
      const consent = (await as(w.tokens.manager)({ url: `/api/v1/person/${personId}/consent-log` })).json();
      expect(consent.items).toContainEqual(expect.objectContaining({ subject: 'advertising', channel: 'application' }));
    });

    it('accepting matches a person with the same e-mail or the same name and birthday', async () => {
      const accept = (id: string, token = w.tokens.manager) =>
        as(token)({
          method: 'PUT',
          url: `/api/v1/application/${id}/accept`,
          payload: { membershipType: 0, from: '2026-12-01' },
        });

      const byName = await createPerson(db(), { firstname: 'Nora', lastname: 'Keller-Match', birthday: '1975-02-03' });
      const viaName = await applyAndConfirm(t.app, db(), {
        clubId: w.club.id,
        token: w.tokens.manager,
        body: { firstname: 'Nora', lastname: 'Keller-Match', birthday: '1975-02-03' },
      });
      expect((await accept(viaName.id)).json()).toEqual({ personId: byName.id, isNewPerson: false });
      const relations = await db().select().from(clubRelations).where(eq(clubRelations.personId, byName.id));
      expect(relations).toMatchObject([{ clubId: w.club.id, type: 0 }]);
      // She has a password already: she signs in as before, no invitation.
      const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, byName.username));
      expect(mails).toHaveLength(0);

      // The first acceptance gave her an address with her e-mail; a second application (another
      // club, another name) with that e-mail is hers.
      const first = await applyAndConfirm(t.app, db(), { clubId: w.club.id, token: w.tokens.manager });
      const created = (await accept(first.id)).json();
      // The other club's form asks a required question.
      const form = (await t.app.inject({ url: `/api/v1/application-form-public/${w.otherClub.id}` })).json();
      const second = await applyAndConfirm(t.app, db(), {
        clubId: w.otherClub.id,
        token: w.tokens.otherManager,
        body: {
          email: first.body.email,
          firstname: 'Lea Maria',
          answers: [{ questionId: form.questions[0].id, value: 'Web' }],
        },
      });
      expect((await accept(second.id, w.tokens.otherManager)).json()).toEqual({
        personId: created.personId,
        isNewPerson: false,
      });
    });

    it('rejecting mails her the reason in her language and keeps nothing of her', async () => {
      const { id, body } = await applyAndConfirm(t.app, db(), {
        clubId: w.club.id,
        token: w.tokens.manager,
        body: { languageCode: 'fr' },
      });
      const res = await as(w.tokens.manager)({
        method: 'PUT',
        url: `/api/v1/application/${id}/reject`,
        payload: { reason: 'Nous sommes complets <cette année>.' },
      });
      expect(res.statusCode).toBe(204);
      const mail = (await lastMailTo(db(), body.email))!;
      expect(mail.subject).toBe('Votre demande d’adhésion à BPW Bern');
      expect(mail.textBody).toContain('Nous sommes complets <cette année>.');
      expect(mail.htmlBody).toContain('&lt;cette année&gt;');
      expect(await rowsOfEmail(body.email)).toHaveLength(0);
    });

    it("refuses a reject without reason in the caller's language", async () => {
      const { id } = await applyAndConfirm(t.app, db(), { clubId: w.club.id, token: w.tokens.manager });
      const res = await as(w.tokens.manager)({
        method: 'PUT',
        url: `/api/v1/application/${id}/reject`,
        payload: { reason: ' ' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([expect.stringContaining('Motif')]);
    });

    it("asking mails the manager's question; the request shows in her trail once accepted", async () => {
      const { id, body } = await applyAndConfirm(t.app, db(), {
        clubId: w.club.id,
        token: w.tokens.manager,
        body: { languageCode: 'en' },
      });
      const asked = await as(w.tokens.manager)({
        method: 'PUT',
        url: `/api/v1/application/${id}/ask`,
        payload: { question: 'Which profession do you work in?' },
      });
      expect(asked.statusCode).toBe(200);
      expect(asked.json().state).toBe(ApplicationState.informationRequested);
      const mail = (await lastMailTo(db(), body.email))!;
      expect(mail.subject).toBe('A question about your membership application to BPW Bern');
      expect(mail.textBody).toContain('Which profession do you work in?');
      expect(mail.textBody).toContain(w.people.manager.username);

      const accepted = await as(w.tokens.manager)({
        method: 'PUT',
        url: `/api/v1/application/${id}/accept`,
        payload: { membershipType: 0, from: '2026-12-01' },
      });
      const trail = (
        await as(w.tokens.admin)({ url: `/api/v1/person/${accepted.json().personId}/audit-entry?PerPage=0` })
      ).json();
      const actions = trail.items
        .filter((e: { entity: string }) => e.entity === 'membershipApplication')
        .map((e: { action: string }) => e.action)
        .sort();
      expect(actions).toEqual(['accepted', 'created', 'informationRequested']);
    });

    it("the association's applications are decided by admins, who name the club", async () => {
      const { id } = await applyAndConfirm(t.app, db(), { clubId: null, token: w.tokens.admin });
      const asAdmin = as(w.tokens.admin);
      const noClub = await asAdmin({
        method: 'PUT',
        url: `/api/v1/application/${id}/accept`,
        headers: { 'accept-language': 'de-CH' },
        payload: { membershipType: 0, from: '2026-12-01' },
      });
      expect(noClub.statusCode).toBe(400);
      expect(noClub.json().errors).toEqual(['Club darf nicht leer sein.']);
      const res = await asAdmin({
        method: 'PUT',
        url: `/api/v1/application/${id}/accept`,
        payload: { clubId: w.otherClub.id, membershipType: 0, from: '2026-12-01' },
      });
      expect(res.statusCode).toBe(200);
      const relations = await db().select().from(clubRelations).where(eq(clubRelations.personId, res.json().personId));
      expect(relations).toMatchObject([{ clubId: w.otherClub.id }]);
    });
  });
});
