import type { Actor } from '@bpw/domain/actor';
import { localeOfLanguage } from '@bpw/domain/enums/language';
import { addressTypeLabelKey } from '@bpw/domain/enums/address';
import { firstFeeYear } from '@bpw/domain/invoice-fees';
import { canManageClub } from '@bpw/domain/permissions';
import { addressInputSchema } from '@bpw/domain/schemas/address';
import type {
  applicationAcceptBodySchema,
  applicationAskBodySchema,
  applicationRejectBodySchema,
} from '@bpw/domain/schemas/application';
import {
  type Application,
  type ApplicationAccepted,
  type ApplicationList,
  type ApplicationListQuery,
  ApplicationState,
} from '@bpw/domain/schemas/application';
import { personUpdateBodySchema } from '@bpw/domain/schemas/person';
import type { z } from 'zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import type { Tx } from '../../db/client';
import { type AuditEntryParams, writeAuditEntries } from '../../platform/audit';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { queueMail } from '../../platform/mail/outbox';
import { fillImportedPrimaries, saveImportedAddress } from '../addresses/address-import.service';
import { inviteAcceptedApplicant } from '../auth/applicant-accounts.service';
import { createFirstInvoice } from '../invoices/first-invoice.service';
import { saveImportedMembership } from '../memberships/membership-import.service';
import {
  createImportedPerson,
  findPersonMatchesForImport,
  findStoredPersonForImport,
  setImportedPrimaryClub,
} from '../persons/person-import.service';
import { canDecideApplicationsOf, clubNameOf } from './application-forms.service';
import { languageOrDefault, renderQuestionMail, renderRejectionMail } from './application-mails';
import {
  type ApplicationRow,
  deleteApplication,
  findApplication,
  findManagerContact,
  findPendingApplications,
  linkNoticesToPerson,
  lockApplication,
  recordRequest,
} from './applications.queries';

/**
 * The pending applications of a club and the decisions on them (issue 25): the club's managers
 * (database responsible) and admins; the association's applications, admins.
 */
type Deps = Pick<FeatureDeps, 'db' | 'now' | 'config' | 'outbox' | 'jobs'>;

const toApi = (row: ApplicationRow): Application => ({
  id: row.id,
  clubId: row.clubId,
  state: row.state,
  firstname: row.firstname,
  lastname: row.lastname,
  birthday: row.birthday,
  languageCode: row.languageCode,
  street: row.street,
  zip: row.zip,
  city: row.city,
  countryCode: row.countryCode,
  email: row.email,
  phone: row.phone,
  membershipType: row.membershipType,
  advertising: row.advertising,
  answers: row.answers.map((x) => ({ title: x.title, value: x.value })),
  confirmedAt: row.confirmedAt ? row.confirmedAt.toISOString().replace(/\.\d{3}Z$/, 'Z') : null,
});

/** GET club/{id}/application and application: one page, oldest confirmation first. */
export async function listPendingApplications(
  deps: Deps,
  actor: Actor,
  clubId: string | null,
  query: ApplicationListQuery,
): Promise<ApplicationList> {
  if (!canDecideApplicationsOf(actor, clubId)) throw forbidden();
  await clubNameOf(deps.db, clubId);
  const page = await findPendingApplications(deps.db, {
    clubId,
    limit: query.PerPage === 0 ? undefined : query.PerPage,
    offset: query.PerPage === 0 ? 0 : query.Page * query.PerPage,
  });
  return { items: page.items.map(toApi), total: page.total };
}

/**
 * The application a decision is about, locked, with the caller's right to decide it. An
 * unconfirmed one does not exist for anybody yet (404, as an unknown id).
 */
async function applicationToDecide(tx: Tx, actor: Actor, id: string): Promise<ApplicationRow> {
  const application = await lockApplication(tx, { id });
  if (!application || application.state === ApplicationState.unconfirmed) throw notFound();
  if (!canDecideApplicationsOf(actor, application.clubId)) throw forbidden();
  return application;
}

/** The routes' pre-check (before the body is validated): the caller may decide this application. */
export async function authorizeDecision(deps: Pick<FeatureDeps, 'db'>, actor: Actor, id: string) {
  const application = await findApplication(deps.db, { id });
  if (!application || application.state === ApplicationState.unconfirmed) throw notFound();
  if (!canDecideApplicationsOf(actor, application.clubId)) throw forbidden();
}

const audit = (
  application: ApplicationRow,
  subjectPersonId: string,
  entry: Pick<AuditEntryParams, 'actorPersonId' | 'action' | 'at'> & { details: Record<string, unknown> },
): AuditEntryParams => ({
  ...entry,
  entity: 'membershipApplication',
  entityId: application.id,
  subjectPersonId,
  details: { clubId: application.clubId, ...entry.details },
});

/** A new person from the application: her data, her private address with e-mail and phone. */
async function createPersonFrom(tx: Tx, actor: Actor, application: ApplicationRow, clubId: string, now: Date) {
  const data = personUpdateBodySchema.parse({
    firstname: application.firstname,
    lastname: application.lastname,
    birthday: application.birthday,
    languageCode: application.languageCode,
    advertising: application.advertising,
  });
  const personId = await createImportedPerson(tx, {
    data,
    primaryClubId: clubId,
    actorId: actor.personId,
    now,
    channel: 'application',
  });
  const locale = localeOfLanguage[languageOrDefault(application.languageCode)];
  const address = addressInputSchema.parse({
    addressType: 0,
    label: translate(locale, addressTypeLabelKey(0)),
    street: application.street,
    zip: application.zip,
    city: application.city,
    countryCode: application.countryCode,
    emails: [{ value: application.email }],
    phones: application.phone ? [{ value: application.phone }] : [],
    urls: [],
  });
  const saved = await saveImportedAddress(tx, { actor, personId, stored: null, data: address, now });
  await fillImportedPrimaries(tx, {
    personId,
    address: saved.addressId,
    email: saved.created.emails?.[0],
    phone: saved.created.phones?.[0],
  });
  const created: AuditEntryParams = {
    actorPersonId: actor.personId,
    action: 'created',
    entity: 'person',
    entityId: personId,
    subjectPersonId: personId,
    at: now,
    details: { via: 'application', applicationId: application.id },
  };
  await writeAuditEntries(tx, [created, ...saved.audit]);
  return personId;
}

/**
 * PUT application/{id}/accept. She is the person with her e-mail address, or with her first
 * name, last name and birthday (the import's matching rules), or a new one; several matches are
 * refused (the duplicates are merged first). She gets the membership of the chosen type from the
 * chosen day, an account with the invitation link to set her password (unless she has a
 * password already), and her trail records the application and every decision. The application
 * row is then deleted: it has become the person. With `createFirstInvoice` she also gets her
 * membership fee invoice of the fee year, by the fee run's rules, in the same transaction; when
 * the rules make none (no fee, no address, no schedule...), the answer says why and she is
 * accepted all the same.
 */
export async function acceptApplication(
  deps: Deps,
  actor: Actor,
  id: string,
  body: z.output<typeof applicationAcceptBodySchema>,
): Promise<ApplicationAccepted> {
  const now = deps.now();
  const today = isoDateInSwitzerland(now);
  const result = await deps.db.transaction(async (tx) => {
    const application = await applicationToDecide(tx, actor, id);
    const clubId = application.clubId ?? body.clubId;
    if (!clubId) throw badRequest({ key: 'validation.required', params: { field: 'clubId' } });
    if (application.clubId === null) {
      await clubNameOf(tx, clubId);
      if (!canManageClub(actor, clubId)) throw forbidden();
    }
    const matches = await findPersonMatchesForImport(tx, {
      emails: [application.email.toLowerCase()],
      firstname: application.firstname,
      lastname: application.lastname,
      birthday: application.birthday,
    });
    if (matches.length > 1) throw conflict('error.applicationPersonAmbiguous');
    const isNewPerson = matches.length === 0;
    const personId = matches[0] ?? (await createPersonFrom(tx, actor, application, clubId, now));
    const stored = isNewPerson ? [] : (await findStoredPersonForImport(tx, { id: personId, today }))!.relations;
    const saved = await saveImportedMembership(tx, {
      actor,
      personId,
      membership: { clubId, type: body.membershipType, membershipTypeLabel: null, from: body.from, to: null },
      stored,
      today,
      now,
    });
    await writeAuditEntries(
      tx,
      saved.audit.map((entry) => ({ ...entry, details: { ...entry.details, via: 'application' } })),
    );
    if (saved.outcome !== 'unchanged') await setImportedPrimaryClub(tx, { id: personId, clubId });
    await inviteAcceptedApplicant(deps, tx, {
      personId,
      email: application.email,
      acceptedTermsAt: application.createdAt,
    });
    await writeAuditEntries(tx, [
      audit(application, personId, {
        actorPersonId: personId,
        action: 'created',
        at: application.createdAt,
        details: {},
      }),
      ...application.decisions.map((d) =>
        audit(application, personId, { actorPersonId: d.by, action: d.kind, at: new Date(d.at), details: {} }),
      ),
      audit(application, personId, {
        actorPersonId: actor.personId,
        action: 'accepted',
        at: now,
        details: { clubId, membershipType: body.membershipType, isNewPerson },
      }),
    ]);
    await linkNoticesToPerson(tx, { applicationId: id, personId });
    await deleteApplication(tx, { id });
    const firstInvoice = body.createFirstInvoice
      ? await createFirstInvoice(tx, actor, { clubId, personId, year: firstFeeYear(body.from, today), now })
      : undefined;
    return { personId, isNewPerson, ...(firstInvoice ? { firstInvoice } : {}) };
  });
  deps.outbox.kick();
  if (result.firstInvoice?.invoice) deps.jobs.kick();
  return result;
}

/**
 * PUT application/{id}/reject: she receives the reason by mail in her language; the application
 * is deleted (nothing of her stays), the decision stays in the audit log without personal data.
 */
export async function rejectApplication(
  deps: Deps,
  actor: Actor,
  id: string,
  body: z.output<typeof applicationRejectBodySchema>,
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const application = await applicationToDecide(tx, actor, id);
    const clubName = await clubNameOf(tx, application.clubId);
    await queueMail(
      tx,
      renderRejectionMail({
        to: application.email,
        name: `${application.firstname} ${application.lastname}`,
        language: languageOrDefault(application.languageCode),
        clubName,
        reason: body.reason,
      }),
    );
    await writeAuditEntries(tx, [
      {
        actorPersonId: actor.personId,
        action: 'rejected',
        entity: 'membershipApplication',
        entityId: application.id,
        at: now,
        details: { clubId: application.clubId },
      },
    ]);
    await deleteApplication(tx, { id });
  });
  deps.outbox.kick();
}

/**
 * PUT application/{id}/ask: the manager's question goes to her by mail (she replies to the
 * manager's address); the application waits, marked "information requested".
 */
export async function askForInformation(
  deps: Deps,
  actor: Actor,
  id: string,
  body: z.output<typeof applicationAskBodySchema>,
): Promise<Application> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const application = await applicationToDecide(tx, actor, id);
    const clubName = await clubNameOf(tx, application.clubId);
    const manager = await findManagerContact(tx, { personId: actor.personId });
    await queueMail(
      tx,
      renderQuestionMail({
        to: application.email,
        name: `${application.firstname} ${application.lastname}`,
        language: languageOrDefault(application.languageCode),
        clubName,
        question: body.question,
        manager: {
          name: [manager?.firstname, manager?.lastname].filter(Boolean).join(' '),
          email: manager?.email ?? '',
        },
      }),
    );
    await recordRequest(tx, {
      id,
      decision: { at: now.toISOString(), by: actor.personId, kind: 'informationRequested' },
    });
  });
  deps.outbox.kick();
  return toApi((await findApplication(deps.db, { id }))!);
}
