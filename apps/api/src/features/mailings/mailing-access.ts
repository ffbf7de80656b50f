import type { Actor } from '@bpw/domain/actor';
import { canManageEvent } from '@bpw/domain/permissions';
import { type MailingAudience, canManageMailingListsOf } from '@bpw/domain/schemas/mailing';
import type { DbOrTx } from '../../db/client';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { personListFilterWhere } from '../persons/person-selection.service';
import type { ResolvedAudience } from './mailing-audience.queries';
import { findList } from './mailing-lists.queries';
import { type MailingRow, clubExists, findEventClub, findMailing } from './mailings.queries';

/** Where a mailing belongs (its archive) and what it names, decided from current data. */
export type AudienceScope = { clubId: string | null; eventId: string | null; listId: string | null };

const invalid = (field: string) => badRequest({ key: 'validation.invalid', params: { field } });
const asList = (value: string | readonly string[] | undefined) =>
  value === undefined ? [] : typeof value === 'string' ? [value] : [...value];

/**
 * Who may write to an audience (docs/decisions/mailings.md): admins any; club database managers
 * their club's persons, members and lists; event managers their events' registrations. The
 * association's (clubId null) persons and lists: admins. 400 for a club, event or list that does
 * not exist, 403 for one that is not hers.
 */
export async function authorizeAudience(db: DbOrTx, actor: Actor, audience: MailingAudience): Promise<AudienceScope> {
  const managesClub = (clubId: string) => actor.isAdmin || actor.clubManagerOf.includes(clubId);
  switch (audience.kind) {
    case 'persons': {
      if (audience.clubId === null) {
        if (!actor.isAdmin) throw forbidden();
      } else {
        if (!(await clubExists(db, { id: audience.clubId }))) throw invalid('clubId');
        if (!managesClub(audience.clubId)) throw forbidden();
      }
      // A club manager writes to persons of her clubs only: the filter names them.
      const clubs = asList(audience.filter.Clubs);
      if (!actor.isAdmin && (clubs.length === 0 || clubs.some((id) => !actor.clubManagerOf.includes(id)))) {
        throw forbidden();
      }
      return { clubId: audience.clubId, eventId: null, listId: null };
    }
    case 'club':
      if (!(await clubExists(db, { id: audience.clubId }))) throw invalid('clubId');
      if (!managesClub(audience.clubId)) throw forbidden();
      return { clubId: audience.clubId, eventId: null, listId: null };
    case 'event': {
      const event = await findEventClub(db, { eventId: audience.eventId });
      if (!event) throw invalid('eventId');
      if (!canManageEvent(actor, event)) throw forbidden();
      return { clubId: event.responsibleClubId, eventId: audience.eventId, listId: null };
    }
    case 'list': {
      const list = await findList(db, { id: audience.mailingListId });
      if (!list) throw invalid('mailingListId');
      if (!canManageMailingListsOf(actor, list.clubId)) throw forbidden();
      return { clubId: list.clubId, eventId: null, listId: list.id };
    }
  }
}

/** The audience as SQL; a persons filter is parsed as GET person parses it (400 as it refuses). */
export function resolveAudience(
  audience: MailingAudience,
  options: {
    actor: Pick<Actor, 'isAdmin' | 'personId' | 'isCentralCommittee' | 'clubManagerOf' | 'eventManagerOf' | 'memberOf'>;
    now: Date;
  },
): ResolvedAudience {
  const today = isoDateInSwitzerland(options.now);
  switch (audience.kind) {
    case 'persons':
      return { kind: 'persons', where: personListFilterWhere(options.actor, audience.filter, today) };
    case 'club':
      return { kind: 'club', clubId: audience.clubId, today };
    case 'event':
      return { kind: 'event', eventId: audience.eventId, states: audience.registrationStates };
    case 'list':
      return { kind: 'list', listId: audience.mailingListId };
  }
}

/**
 * The mailing, if the actor may work with it: its audience is still hers (current data). 404
 * for an unknown id, 403 for another's.
 */
export async function requireMailing(db: DbOrTx, actor: Actor, id: string): Promise<MailingRow> {
  const mailing = await findMailing(db, { id });
  if (!mailing) throw notFound();
  await authorizeStoredAudience(db, actor, mailing);
  return mailing;
}

async function authorizeStoredAudience(db: DbOrTx, actor: Actor, mailing: MailingRow) {
  if (actor.isAdmin) return;
  try {
    await authorizeAudience(db, actor, mailing.audience);
  } catch {
    // The event or list was deleted: only admins still reach the mailing.
    throw forbidden();
  }
}

/** The archive of a club (null: the association's): admins; its club managers; its event managers (event mailings). */
export function archiveKindsFor(actor: Actor, clubId: string | null): readonly MailingAudience['kind'][] | null {
  if (actor.isAdmin) return ['persons', 'club', 'event', 'list'];
  if (clubId === null) return null;
  if (actor.clubManagerOf.includes(clubId)) {
    return actor.eventManagerOf.includes(clubId) ? ['persons', 'club', 'event', 'list'] : ['persons', 'club', 'list'];
  }
  if (actor.eventManagerOf.includes(clubId)) return ['event'];
  return null;
}
