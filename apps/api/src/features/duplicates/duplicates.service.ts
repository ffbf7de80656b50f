import { type Actor, canManagePerson, canMergeDuplicates } from '@bpw/domain/permissions';
import {
  type DuplicateDismissalBody,
  type DuplicateList,
  type DuplicatePerson,
  reasonsOfBits,
} from '@bpw/domain/schemas/duplicate';
import type { z } from 'zod';
import type { duplicateListQuerySchema } from '@bpw/domain/schemas/duplicate';
import type { FeatureDeps } from '../../platform/feature-deps';
import { requireVisiblePersonAccess } from '../../platform/auth/person-guards';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { forbidden } from '../../platform/errors';
import {
  countDuplicates,
  type DuplicatePersonRow,
  dismissPair,
  findDuplicatePage,
  findDuplicatePersons,
} from './duplicate-list.queries';
import { scanRecentChanges } from './duplicate-scan.service';

export type DuplicatesDeps = Pick<FeatureDeps, 'db' | 'now'>;

/** The list, the comparison and the merge: admins, and club managers for the persons they manage. */
export function authorizeDuplicates(actor: Actor): void {
  if (!canMergeDuplicates(actor)) throw forbidden();
}

/**
 * GET duplicate: a page of likely duplicate pairs, strongest reason first, then by name. A
 * manager sees the pairs of which she manages both persons.
 */
export async function findDuplicates(
  deps: DuplicatesDeps,
  actor: Actor,
  query: z.output<typeof duplicateListQuerySchema>,
): Promise<DuplicateList> {
  authorizeDuplicates(actor);
  await scanRecentChanges(deps.db);
  const scope = { clubIds: actor.isAdmin ? null : actor.clubManagerOf, today: isoDateInSwitzerland(deps.now()) };
  const rows = await findDuplicatePage(deps.db, { scope, limit: query.PerPage, offset: query.Page * query.PerPage });
  // A first page shorter than a page is the whole list: no count needed.
  const { total, isTotalEstimated } =
    query.Page === 0 && rows.length < query.PerPage
      ? { total: rows.length, isTotalEstimated: false }
      : await countDuplicates(deps.db, { scope });
  const persons = await findDuplicatePersons(deps.db, {
    ids: [...new Set(rows.flatMap((row) => [row.person_id_1, row.person_id_2]))],
  });
  const byId = new Map(persons.map((person) => [person.id, toPerson(person)]));
  const items = rows.flatMap((row) => {
    const person1 = byId.get(row.person_id_1);
    const person2 = byId.get(row.person_id_2);
    // A person deleted between the two statements: her pairs went with her.
    return person1 && person2 ? [{ person1, person2, reasons: reasonsOfBits(Number(row.reasons)) }] : [];
  });
  return { items, total, isTotalEstimated };
}

const toPerson = (row: DuplicatePersonRow): DuplicatePerson => ({
  id: row.id,
  firstname: row.firstname,
  lastname: row.lastname,
  birthday: row.birthday,
  email: row.email,
  phone: row.phone,
  zip: row.zip,
  city: row.city,
  primaryClubName: row.club,
  state: Number(row.state),
});

/** POST duplicate/dismissal: "not a duplicate", for good (both persons must be hers to manage). */
export async function dismissDuplicate(
  deps: DuplicatesDeps,
  actor: Actor,
  body: DuplicateDismissalBody,
): Promise<void> {
  authorizeDuplicates(actor);
  const [personId1, personId2] = [...body.personIds].sort() as [string, string];
  for (const id of [personId1, personId2]) {
    const access = await requireVisiblePersonAccess(deps, actor, id);
    if (!canManagePerson(actor, access)) throw forbidden();
  }
  await deps.db.transaction((tx) =>
    dismissPair(tx, { personId1, personId2, actorId: actor.personId, now: deps.now() }),
  );
}
