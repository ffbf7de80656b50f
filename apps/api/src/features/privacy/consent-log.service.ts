import { type Actor, canSeeConsentLog } from '@bpw/domain/permissions';
import type {
  ConsentChannel,
  ConsentLog,
  ConsentLogEntry,
  ConsentLogQuery,
  ConsentSubject,
} from '@bpw/domain/schemas/consent-log';
import type { DbOrTx } from '../../db/client';
import type { FeatureDeps } from '../../platform/feature-deps';
import { requireVisiblePersonAccess } from '../../platform/auth/person-guards';
import { forbidden } from '../../platform/errors';
import { isoDateTime } from './audit-trail.service';
import {
  type ConsentLogRow,
  findConsentLogPage,
  insertConsentEntries,
  insertFirstTermsAcceptance,
  moveConsentEntries,
} from './consent-log.queries';

type Deps = Pick<FeatureDeps, 'db' | 'now'>;

export type ConsentChange = {
  personId: string;
  subject: ConsentSubject;
  /** advertising: 0, 10 or 20; the yes/no subjects: a boolean. */
  value: number | boolean;
  previousValue: number | boolean | null;
  channel: ConsentChannel;
  /** Null for an applicant (nobody signed in) or a change by the system. */
  actorPersonId: string | null;
  at: Date;
};

const stored = (value: number | boolean) => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

/**
 * Issue 25: records one change of consent in the caller's transaction, so the entry exists
 * exactly when the change does. For every path that changes these fields (the applications'
 * acceptance among them: channel 'application').
 */
export async function recordConsentChange(tx: DbOrTx, change: ConsentChange): Promise<void> {
  await recordConsentChangeList(tx, [change]);
}

async function recordConsentChangeList(tx: DbOrTx, changes: ConsentChange[]) {
  await insertConsentEntries(
    tx,
    changes.map((c) => ({
      personId: c.personId,
      subject: c.subject,
      value: stored(c.value),
      previousValue: c.previousValue === null ? null : stored(c.previousValue),
      channel: c.channel,
      actorPersonId: c.actorPersonId,
      at: c.at,
    })),
  );
}

/** Before a sign-in records the terms as accepted: her first acceptance goes to the log (channel self). */
export const recordFirstTermsAcceptance = insertFirstTermsAcceptance;

/** A merge keeps the merged person's consent history with the survivor. */
export const moveConsentLog = moveConsentEntries;

/** The consent fields of a person's profile. */
export type ConsentFields = { advertising: number; isProfilePublic: boolean };

/**
 * A profile write's consent changes: one entry per field whose value differs from `before`
 * (null before: a new person, compared with the defaults and logged without a previous value).
 */
export async function recordConsentFieldChanges(
  tx: DbOrTx,
  params: Omit<ConsentChange, 'subject' | 'value' | 'previousValue'> & {
    before: ConsentFields | null;
    after: ConsentFields;
  },
): Promise<void> {
  const { before, after, ...rest } = params;
  const base: ConsentFields = before ?? { advertising: 0, isProfilePublic: false };
  const changes: ConsentChange[] = [];
  if (after.advertising !== base.advertising) {
    changes.push({
      ...rest,
      subject: 'advertising',
      value: after.advertising,
      previousValue: before && base.advertising,
    });
  }
  if (after.isProfilePublic !== base.isProfilePublic) {
    changes.push({
      ...rest,
      subject: 'profileVisibility',
      value: after.isProfilePublic,
      previousValue: before && base.isProfilePublic,
    });
  }
  await recordConsentChangeList(tx, changes);
}

/** Self when she changed her own, else manager (admins are managers of everybody). */
export const channelOf = (actorPersonId: string, personId: string): ConsentChannel =>
  actorPersonId === personId ? 'self' : 'manager';

export function toConsentLogEntry(row: ConsentLogRow): ConsentLogEntry {
  const isNumber = row.subject === 'advertising';
  const answer = (value: number) => (isNumber ? value : value !== 0);
  return {
    id: row.id,
    at: isoDateTime(row.at),
    subject: row.subject as ConsentSubject,
    value: answer(row.value),
    previousValue: row.previousValue === null ? null : answer(row.previousValue),
    channel: row.channel as ConsentChannel,
    actor: row.actorId ? { id: row.actorId, firstname: row.actorFirstname, lastname: row.actorLastname } : null,
  };
}

/** GET person/{id}/consent-log: she herself, her managers and admins (canSeeConsentLog). */
export async function getConsentLog(
  deps: Deps,
  actor: Actor,
  personId: string,
  query: ConsentLogQuery,
): Promise<ConsentLog> {
  const access = await requireVisiblePersonAccess(deps, actor, personId);
  if (!canSeeConsentLog(actor, access)) throw forbidden();
  const { rows, total } = await findConsentLogPage(deps.db, {
    personId,
    limit: query.PerPage === 0 ? undefined : query.PerPage,
    offset: query.PerPage === 0 ? 0 : query.Page * query.PerPage,
  });
  return { items: rows.map(toConsentLogEntry), total };
}
