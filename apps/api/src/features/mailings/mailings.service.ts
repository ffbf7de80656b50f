import type { Actor } from '@bpw/domain/actor';
import type { LanguageCode } from '@bpw/domain/enums/language';
import {
  type Mailing,
  type MailingPreview,
  type MailingProgress,
  type MailingWriteData,
  type RecipientState,
  canComposeMailings,
  recipientStates,
} from '@bpw/domain/schemas/mailing';
import type { DbOrTx } from '../../db/client';
import { type AuditAction, writeAuditEntry } from '../../platform/audit';
import { AppError, conflict, forbidden } from '../../platform/errors';
import type { FeatureDeps } from '../../platform/feature-deps';
import { enqueueJob } from '../../platform/jobs/job-queue';
import { queueMail } from '../../platform/mail/outbox';
import { deleteStoredFiles } from '../../platform/stored-files';
import { countAudience, findSampleRecipient } from './mailing-audience.queries';
import { archiveKindsFor, authorizeAudience, requireMailing, resolveAudience } from './mailing-access';
import { mailTemplate, textFor } from './mailing-render';
import { MAILING_SEND_JOB } from './mailing-send.job';
import {
  type MailingRow,
  cancelMailing,
  countRecipientsByLanguage,
  countRecipientsByState,
  deleteDraft,
  findAttachments,
  findAudienceNames,
  findMailing,
  findMailingPage,
  findOwnRecipientFields,
  findRecipientPage,
  insertMailing,
  markQueued,
  updateDraft,
} from './mailings.queries';

type Deps = Pick<FeatureDeps, 'db' | 'now' | 'jobs' | 'outbox'>;

export const iso = (date: Date | null) => (date === null ? null : date.toISOString().replace(/\.\d{3}Z$/, 'Z'));

/** "Allowed at all" before the body is read (authorize-first): someone who may compose mailings. */
export async function authorizeMailingWrites(actor: Actor) {
  if (!canComposeMailings(actor)) throw forbidden();
}

const audit = (
  tx: DbOrTx,
  actor: Actor,
  action: AuditAction,
  entityId: string,
  at: Date,
  details?: Record<string, unknown>,
) =>
  writeAuditEntry(tx, {
    actorPersonId: actor.personId,
    action,
    entity: 'mailing',
    entityId,
    at,
    ...(details ? { details } : {}),
  });

/** Refuses a change to a mailing that is no longer a draft. */
const notDraft = () => conflict('error.mailingNotDraft');

async function labelOf(deps: Deps, row: Pick<MailingRow, 'clubId' | 'eventId' | 'mailingListId' | 'audienceKind'>) {
  const names = await findAudienceNames(deps.db, {
    clubId: row.clubId,
    eventId: row.eventId,
    listId: row.mailingListId,
  });
  return { clubName: names.club, label: names.event ?? names.list ?? names.club ?? '' };
}

async function toMailing(deps: Deps, row: MailingRow): Promise<Mailing> {
  const [{ clubName, label }, attachments] = await Promise.all([
    labelOf(deps, row),
    findAttachments(deps.db, { mailingId: row.id }),
  ]);
  return {
    id: row.id,
    clubId: row.clubId,
    clubName,
    audience: row.audience,
    audienceLabel: label,
    isAdvertising: row.isAdvertising,
    texts: row.texts,
    attachments: attachments.map(({ storedFileId: _file, ...a }) => a),
    state: row.state as Mailing['state'],
    recipientTotal: row.recipientTotal,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
    sendRequestedAt: iso(row.sendRequestedAt),
    finishedAt: iso(row.finishedAt),
    jobId: row.jobId,
    canEdit: row.state === 'draft',
  };
}

/** Checks the audience and, for a persons filter, that GET person would take it (400 as it does). */
async function checkedScope(deps: Deps, actor: Actor, data: MailingWriteData) {
  await authorizeMailingWrites(actor);
  const scope = await authorizeAudience(deps.db, actor, data.audience);
  resolveAudience(data.audience, { actor, now: deps.now() });
  return scope;
}

export async function createMailing(deps: Deps, actor: Actor, data: MailingWriteData): Promise<Mailing> {
  const scope = await checkedScope(deps, actor, data);
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const created = await insertMailing(tx, {
      clubId: scope.clubId,
      audienceKind: data.audience.kind,
      audience: data.audience,
      eventId: scope.eventId,
      mailingListId: scope.listId,
      isAdvertising: data.isAdvertising,
      texts: data.texts,
      createdBy: actor.personId,
      createdAt: now,
      updatedAt: now,
    });
    await audit(tx, actor, 'created', created.id, now);
    return created;
  });
  return toMailing(deps, row);
}

export async function getMailing(deps: Deps, actor: Actor, id: string): Promise<Mailing> {
  return toMailing(deps, await requireMailing(deps.db, actor, id));
}

/** The route's pre-check for a mailing in the path. */
export async function authorizeMailing(deps: Pick<Deps, 'db'>, actor: Actor, id: string) {
  await requireMailing(deps.db, actor, id);
}

export async function changeMailing(deps: Deps, actor: Actor, id: string, data: MailingWriteData): Promise<Mailing> {
  const current = await requireMailing(deps.db, actor, id);
  if (current.state !== 'draft') throw notDraft();
  const scope = await checkedScope(deps, actor, data);
  const row = await updateDraft(deps.db, {
    id,
    values: {
      clubId: scope.clubId,
      audienceKind: data.audience.kind,
      audience: data.audience,
      eventId: scope.eventId,
      mailingListId: scope.listId,
      isAdvertising: data.isAdvertising,
      texts: data.texts,
    },
    now: deps.now(),
  });
  if (!row) throw notDraft();
  return toMailing(deps, row);
}

export async function removeMailing(deps: Deps, actor: Actor, id: string) {
  const current = await requireMailing(deps.db, actor, id);
  if (current.state !== 'draft') throw notDraft();
  await deps.db.transaction(async (tx) => {
    const files = await findAttachments(tx, { mailingId: id });
    const deleted = await deleteDraft(tx, { id });
    if (!deleted) throw notDraft();
    await deleteStoredFiles(tx, { ids: files.map((f) => f.storedFileId) });
    await audit(tx, actor, 'deleted', id, deps.now());
  });
}

export async function listMailings(
  deps: Deps,
  actor: Actor,
  query: {
    ClubId?: string | undefined;
    State: readonly string[];
    AudienceKind: readonly string[];
    Page: number;
    PerPage: number;
  },
) {
  const clubId = query.ClubId ?? null;
  const kinds = archiveKindsFor(actor, clubId);
  if (!kinds) throw forbidden();
  const wanted = query.AudienceKind.length ? kinds.filter((k) => query.AudienceKind.includes(k)) : kinds;
  const perPage = query.PerPage === 0 ? 1000 : query.PerPage;
  const page = await findMailingPage(deps.db, {
    clubId,
    states: query.State,
    kinds: wanted.length ? wanted : ['none'],
    limit: perPage,
    offset: query.Page * perPage,
  });
  return {
    total: page.total,
    items: page.items.map((row) => ({
      id: row.id,
      clubId: row.clubId,
      audienceKind: row.audienceKind,
      audienceLabel: row.label ?? '',
      subject: row.texts[0]?.subject ?? '',
      state: row.state as Mailing['state'],
      isAdvertising: row.isAdvertising,
      recipientTotal: row.recipientTotal,
      counts: { sent: row.sent, failed: row.failed },
      createdAt: iso(row.createdAt)!,
      sendRequestedAt: iso(row.sendRequestedAt),
      finishedAt: iso(row.finishedAt),
    })),
  };
}

/** The text in one language for a sample recipient, and who it would reach now (or reached). */
export async function previewMailing(
  deps: Deps,
  actor: Actor,
  id: string,
  language: LanguageCode | undefined,
): Promise<MailingPreview> {
  const mailing = await requireMailing(deps.db, actor, id);
  const text = textFor(mailing.texts, language ?? mailing.texts[0]!.language);
  const audience = resolveAudience(mailing.audience, { actor, now: deps.now() });
  const isResolved = mailing.state !== 'draft' && mailing.recipientTotal !== null;
  const [counts, sample] = await Promise.all([
    isResolved
      ? resolvedCounts(deps, mailing)
      : countAudience(deps.db, {
          audience,
          isAdvertising: mailing.isAdvertising,
          languages: mailing.texts.map((t) => t.language),
          fallback: textFor(mailing.texts, 'de').language,
        }),
    findSampleRecipient(deps.db, { audience, language: text.language }),
  ]);
  const parts = mailTemplate(text).forRecipient(
    {
      language: text.language as LanguageCode,
      salutation: sample?.salutation ?? null,
      firstname: sample?.firstname ?? null,
      lastname: sample?.lastname ?? null,
      clubName: sample?.club_name ?? null,
    },
    mailing.audienceKind === 'list' ? { url: '#', listName: (await labelOf(deps, mailing)).label } : undefined,
  );
  return {
    language: text.language as LanguageCode,
    subject: parts.subject,
    html: parts.html,
    text: parts.text,
    sample: sample ? { firstname: sample.firstname, lastname: sample.lastname ?? '' } : null,
    recipients: counts,
  };
}

async function resolvedCounts(deps: Deps, mailing: MailingRow) {
  const rows = await countRecipientsByLanguage(deps.db, { mailingId: mailing.id });
  const byLanguage = { de: 0, fr: 0, it: 0, en: 0 };
  let total = 0;
  for (const row of rows) {
    const n = Number(row.n);
    total += n;
    // By the language of the text she gets.
    const received = textFor(mailing.texts, row.language).language;
    if (received in byLanguage) byLanguage[received as keyof typeof byLanguage] += n;
  }
  return { total, byLanguage, withoutConsent: mailing.withoutConsent ?? 0, withoutEmail: mailing.withoutEmail ?? 0 };
}

/** A test mail to the caller's own primary address, "[Test] " before the subject. */
export async function sendTestMailing(
  deps: Deps,
  actor: Actor,
  id: string,
  language: LanguageCode | undefined,
): Promise<{ address: string }> {
  const mailing = await requireMailing(deps.db, actor, id);
  const own = await findOwnRecipientFields(deps.db, { personId: actor.personId });
  if (!own?.address) throw new AppError('BadRequest', ['error.mailingNoOwnEmail']);
  const text = textFor(mailing.texts, language ?? own.language);
  const attachments = await findAttachments(deps.db, { mailingId: id });
  const parts = mailTemplate(text).forRecipient({
    language: text.language as LanguageCode,
    salutation: own.salutation,
    firstname: own.firstname,
    lastname: own.lastname,
    clubName: own.club_name,
  });
  await deps.db.transaction((tx) =>
    queueMail(tx, {
      to: own.address!,
      subject: `[Test] ${parts.subject}`,
      text: parts.text,
      html: parts.html,
      attachments: attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        storedFileId: a.storedFileId,
      })),
    }),
  );
  deps.outbox.kick();
  return { address: own.address };
}

/** Send: the job resolves the recipients once; the feeder hands them to the outbox at the rate. */
export async function sendMailing(deps: Deps, actor: Actor, id: string): Promise<Mailing> {
  const mailing = await requireMailing(deps.db, actor, id);
  if (mailing.state !== 'draft') throw notDraft();
  // The persons filter is checked again with today's rights (a 400 now rather than a failed job).
  resolveAudience(mailing.audience, { actor, now: deps.now() });
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const jobId = await enqueueJob(tx, {
      kind: MAILING_SEND_JOB,
      ownerPersonId: actor.personId,
      params: { mailingId: id, isAdmin: actor.isAdmin },
      total: 1,
    });
    if (!(await markQueued(tx, { id, jobId, now }))) throw notDraft();
    await audit(tx, actor, 'updated', id, now, { step: 'send' });
  });
  deps.jobs.kick();
  return toMailing(deps, (await findMailing(deps.db, { id }))!);
}

export async function stopMailing(deps: Deps, actor: Actor, id: string): Promise<Mailing> {
  await requireMailing(deps.db, actor, id);
  await deps.db.transaction(async (tx) => {
    if (!(await cancelMailing(tx, { id, now: deps.now() }))) throw conflict('error.mailingNotSending');
    await audit(tx, actor, 'updated', id, deps.now(), { step: 'cancel' });
  });
  return toMailing(deps, (await findMailing(deps.db, { id }))!);
}

export async function getProgress(deps: Deps, actor: Actor, id: string): Promise<MailingProgress> {
  const mailing = await requireMailing(deps.db, actor, id);
  const byState = await countRecipientsByState(deps.db, { mailingId: id });
  const counts = Object.fromEntries(recipientStates.map((s) => [s, byState[s] ?? 0])) as Record<RecipientState, number>;
  return {
    state: mailing.state as Mailing['state'],
    total: mailing.recipientTotal,
    counts,
    withoutConsent: mailing.withoutConsent,
    withoutEmail: mailing.withoutEmail,
    jobId: mailing.jobId,
  };
}

export async function listRecipients(
  deps: Deps,
  actor: Actor,
  id: string,
  query: { State: readonly string[]; Page: number; PerPage: number },
) {
  await requireMailing(deps.db, actor, id);
  const perPage = query.PerPage === 0 ? 1000 : query.PerPage;
  const page = await findRecipientPage(deps.db, {
    mailingId: id,
    states: query.State,
    limit: perPage,
    offset: query.Page * perPage,
  });
  return {
    total: page.total,
    items: page.items.map((r) => ({
      ...r,
      id: String(r.id),
      state: r.state as RecipientState,
      sentAt: iso(r.sentAt),
    })),
  };
}
