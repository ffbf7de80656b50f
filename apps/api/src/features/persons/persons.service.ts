import { type Actor, canSeeManagerFields } from '@bpw/domain/permissions';
import type { FeatureDeps } from '../../app';
import { findPersonAccess } from '../../platform/auth/person-access';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { notFound } from '../../platform/errors';
import type { PersonDetail } from './persons.schemas';
import { findPersonDetail } from './persons.queries';

type PersonsDeps = Pick<FeatureDeps, 'db' | 'now'>;

/** GET person/{id}: every signed-in user sees a person; the birthday only managers and she herself. */
export async function getPersonById(deps: PersonsDeps, actor: Actor, id: string): Promise<PersonDetail> {
  const row = await findPersonDetail(deps.db, { id });
  if (!row) throw notFound();
  const scope = await findPersonAccess(deps.db, { personId: id, today: isoDateInSwitzerland(deps.now()) });
  const maySeeBirthday = scope !== undefined && canSeeManagerFields(actor, scope);
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    salutation: row.salutation,
    title: row.title,
    birthday: maySeeBirthday ? row.birthday : null,
    languageCode: row.languageCode,
    avatarId: row.avatarId,
    state: row.state,
    primaryClubId: row.primaryClubId,
    primaryClub: row.primaryClubId && row.clubName !== null ? { id: row.primaryClubId, name: row.clubName } : null,
    primaryEmail: row.emailId && row.emailValue !== null ? { id: row.emailId, value: row.emailValue } : null,
    primaryPhone: row.phoneId && row.phoneValue !== null ? { id: row.phoneId, value: row.phoneValue } : null,
  };
}
