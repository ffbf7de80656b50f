import type { Actor } from '@bpw/domain/actor';
import { type VisibilityAudience, whoCanSee } from '@bpw/domain/person-visibility';
import type { PersonVisibility } from '@bpw/domain/schemas/person-visibility';
import type { FeatureDeps } from '../../platform/feature-deps';
import { toPersonAccess } from '../../platform/auth/person-access';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { notFound } from '../../platform/errors';
import { findVisibilityFacts } from './visibility.queries';

type Deps = Pick<FeatureDeps, 'db' | 'now'>;

/**
 * GET person/me/visibility: who sees which parts of her data, from the live permission rules
 * (`whoCanSee` runs the predicates the API's reads run) on her current clubs and setting.
 */
export async function getOwnVisibility(deps: Deps, actor: Actor): Promise<PersonVisibility> {
  const facts = await findVisibilityFacts(deps.db, {
    personId: actor.personId,
    today: isoDateInSwitzerland(deps.now()),
  });
  if (!facts) throw notFound();
  const access = toPersonAccess(facts.access);
  const person = { ...access, isProfilePublic: facts.isProfilePublic };
  const { entries, ifProfileVisibilityChanged } = whoCanSee(person);
  const names = new Map(facts.clubs.map((club) => [club.id, club.name]));
  const audienceOut = (audience: VisibilityAudience) => ({
    kind: audience.kind,
    club: audience.clubId ? { id: audience.clubId, name: names.get(audience.clubId) ?? null } : null,
  });
  return {
    isProfilePublic: facts.isProfilePublic,
    isArchived: access.isArchived,
    entries: entries.map((entry) => ({ audience: audienceOut(entry.audience), parts: entry.parts })),
    ifProfileVisibilityChanged: ifProfileVisibilityChanged.map((change) => ({
      audience: audienceOut(change.audience),
      gains: change.gains,
      loses: change.loses,
    })),
  };
}
