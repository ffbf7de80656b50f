import { isCommonPassword } from '@bpw/domain/common-passwords';
import { type Actor, canCreatePerson, canCreatePersonIn } from '@bpw/domain/permissions';
import { isNotInFuture, type PersonCreateData, type PersonDetail } from '@bpw/domain/schemas/person';
import { writeAuditEntry } from '../../platform/audit';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db-errors';
import { badRequest, conflict, forbidden, type Message } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { findClubById, insertPersonWithAccount, isUsernameInUse } from './person-create.queries';
import { getPersonById, type PersonsDeps } from './persons.service';
import { recordWebhookEvent } from '../webhooks/webhook-events.service';

/** Creating persons at all: admins and club managers (the route's pre-check; the club is the body's). */
export async function authorizeCreatePerson(actor: Actor): Promise<void> {
  if (!canCreatePerson(actor)) throw forbidden();
}

/**
 * POST person (spec 01 §2, §5, §6): admins in any club, club managers in the clubs they manage.
 * Person, account, first club relation (also her primary club) and audit entry in one transaction.
 */
export async function createPerson(deps: PersonsDeps, actor: Actor, data: PersonCreateData): Promise<PersonDetail> {
  await authorizeCreatePerson(actor);
  if (!canCreatePersonIn(actor, data.clubId)) throw forbidden();
  const now = deps.now();
  const today = isoDateInSwitzerland(now);
  const invalid: Message[] = [];
  if (!isNotInFuture(data.birthday, today))
    invalid.push({ key: 'validation.notInFuture', params: { field: 'birthday' } });
  if (!isNotInFuture(data.clubFrom, today))
    invalid.push({ key: 'validation.notInFuture', params: { field: 'clubFrom' } });
  if (isCommonPassword(data.password)) invalid.push({ key: 'error.commonPassword', params: { field: 'password' } });
  if (!(await findClubById(deps.db, { id: data.clubId }))) {
    invalid.push({ key: 'validation.invalid', params: { field: 'clubId' } });
  }
  if (invalid.length > 0) throw badRequest(...invalid);
  if (await isUsernameInUse(deps.db, { username: data.username })) throw conflict('error.usernameTaken');

  const passwordHash = await hashPassword(data.password);
  let id: string;
  try {
    id = await deps.db.transaction(async (tx) => {
      const personId = await insertPersonWithAccount(tx, {
        firstname: data.firstname ?? null,
        lastname: data.lastname,
        birthday: data.birthday,
        languageCode: data.language,
        clubId: data.clubId,
        username: data.username,
        passwordHash,
        relation: {
          type: data.membershipType,
          membershipTypeLabel: data.membershipTypeLabel ?? null,
          from: data.clubFrom,
        },
        actorId: actor.personId,
        now,
      });
      await recordWebhookEvent(tx, { type: 'person.created', personId, now });
      await writeAuditEntry(tx, {
        actorPersonId: actor.personId,
        action: 'created',
        entity: 'person',
        entityId: personId,
        subjectPersonId: personId,
        at: now,
      });
      return personId;
    });
  } catch (error) {
    // Two creations with one username at once: the unique index lets one through.
    if (isUniqueViolation(error)) throw conflict('error.usernameTaken');
    // The club was deleted meanwhile.
    if (isForeignKeyViolation(error)) throw badRequest({ key: 'validation.invalid', params: { field: 'clubId' } });
    throw error;
  }
  return getPersonById(deps, actor, id);
}
