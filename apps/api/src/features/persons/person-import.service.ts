import type { PersonUpdateData } from '@bpw/domain/schemas/person';
import type { Tx } from '../../db/client';
import {
  findMatchingPersonIds,
  findPersonForImport,
  insertPersonRow,
  setPrimaryClubIfNone,
} from './person-import.queries';
import { updatePersonRow } from './person-write.queries';

/**
 * The person side of a spreadsheet import (issue 16): the import feature decides and authorises;
 * these write through the same statements as POST and PUT person, inside the row's transaction.
 */
export const findPersonMatchesForImport = findMatchingPersonIds;
export const findStoredPersonForImport = findPersonForImport;

/** A new person without an account (an interested person or member who has not signed in yet). */
export async function createImportedPerson(
  tx: Tx,
  params: { data: PersonUpdateData; primaryClubId: string | null; actorId: string; now: Date },
): Promise<string> {
  const id = await insertPersonRow(tx, {
    lastname: params.data.lastname,
    primaryClubId: params.primaryClubId,
    actorId: params.actorId,
    now: params.now,
  });
  await updatePersonRow(tx, {
    id,
    data: params.data,
    isPresentationDone: params.data.isPresentationDone,
    actorId: params.actorId,
    now: params.now,
  });
  return id;
}

export async function updateImportedPerson(
  tx: Tx,
  params: { id: string; data: PersonUpdateData; actorId: string; now: Date },
): Promise<void> {
  await updatePersonRow(tx, { ...params, isPresentationDone: params.data.isPresentationDone });
}

/** A person's first club relation from an import also becomes her primary club (as POST person does). */
export const setImportedPrimaryClub = setPrimaryClubIfNone;
