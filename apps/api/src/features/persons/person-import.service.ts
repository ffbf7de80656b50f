import type { PersonUpdateData } from '@bpw/domain/schemas/person';
import type { Tx } from '../../db/client';
import { toPersonAccess } from '../../platform/auth/person-access';
import { type ConsentFields, recordConsentFieldChanges } from '../privacy/consent-log.service';
import {
  findMatchingPersonIds,
  findMatchingPersonIdsOfRows,
  insertImportedPersonRows,
  findPersonForImport,
  insertImportedPersonRow,
  replaceSpokenLanguages,
  setPrimaryClubIfNone,
  updateImportedPersonRow,
} from './person-import.queries';

/**
 * The person side of a spreadsheet import (issue 16): the import feature decides and authorises;
 * these write the columns of POST and PUT person, inside the row's savepoint.
 */
export const findPersonMatchesForImport = findMatchingPersonIds;
/** The matches of every row of a batch in one statement (index: the row's place in the list). */
export const findPersonMatchesOfRowsForImport = findMatchingPersonIdsOfRows;
/**
 * The new persons of an import batch in one insert (no consent to log: the batch takes only rows
 * whose consent fields are the defaults); her id chosen by the import.
 */
export const insertImportedPersons = insertImportedPersonRows;
export type { NewImportedPersonRow } from './person-import.queries';

/** The stored person with her access facts, addresses and relations: one statement per row. */
export async function findStoredPersonForImport(tx: Tx, params: { id: string; today: string }) {
  const row = await findPersonForImport(tx, params);
  return row && { ...row, access: toPersonAccess(row) };
}
export type StoredImportPerson = NonNullable<Awaited<ReturnType<typeof findStoredPersonForImport>>>;

/** A new person without an account (an interested person or member who has not signed in yet). */
export async function createImportedPerson(
  tx: Tx,
  params: {
    data: PersonUpdateData;
    primaryClubId: string | null;
    actorId: string;
    now: Date;
    /** Who gave her consent: the import's file, or her own application (issue 25). */
    channel?: 'import' | 'application';
  },
): Promise<string> {
  const id = await insertImportedPersonRow(tx, params);
  if (params.data.spokenLanguages.length > 0)
    await replaceSpokenLanguages(tx, { id, languageCodes: params.data.spokenLanguages });
  // Issue 25: consent given by the import is logged against a new person's defaults (no
  // statement when the row sets none).
  await recordConsentFieldChanges(tx, {
    personId: id,
    before: null,
    after: params.data,
    channel: params.channel ?? 'import',
    actorPersonId: params.actorId,
    at: params.now,
  });
  return id;
}

/**
 * PUT person's columns; the spoken languages only when they changed (an import has no mentoring
 * areas, so the stored ones stay).
 */
export async function updateImportedPerson(
  tx: Tx,
  params: {
    id: string;
    data: PersonUpdateData;
    isLanguagesChanged: boolean;
    actorId: string;
    now: Date;
    /** The stored consent fields (issue 25: changes go to her consent log, compared in memory). */
    before: ConsentFields;
  },
): Promise<void> {
  await updateImportedPersonRow(tx, params);
  await recordConsentFieldChanges(tx, {
    personId: params.id,
    before: params.before,
    after: params.data,
    channel: 'import',
    actorPersonId: params.actorId,
    at: params.now,
  });
  if (params.isLanguagesChanged)
    await replaceSpokenLanguages(tx, { id: params.id, languageCodes: params.data.spokenLanguages });
}

/** A person's first club relation from an import also becomes her primary club (as POST person does). */
export const setImportedPrimaryClub = setPrimaryClubIfNone;
