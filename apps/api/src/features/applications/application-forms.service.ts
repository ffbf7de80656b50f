import { randomUUID } from 'node:crypto';
import type { Actor } from '@bpw/domain/actor';
import { canManageClub } from '@bpw/domain/permissions';
import type { ApplicationForm, ApplicationFormData } from '@bpw/domain/schemas/application';
import type { FeatureDeps } from '../../platform/feature-deps';
import type { DbOrTx } from '../../db/client';
import type { StoredApplicationQuestion } from '../../db/schema/applications';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { findClubName, findForm, saveForm } from './applications.queries';

/**
 * Application forms (issue 25): a club's managers (database responsible) and admins edit a
 * club's form; admins the association's (clubId null). Anyone reads a published one.
 */
type Deps = Pick<FeatureDeps, 'db' | 'now'>;

/** Whether the caller decides about (and edits the form of) this club, or the association (null). */
export const canDecideApplicationsOf = (actor: Actor, clubId: string | null) =>
  clubId === null ? actor.isAdmin : canManageClub(actor, clubId);

const emptyIntro = { de: '', fr: '', it: '', en: '' };

/** The club's name; 404 for a club that does not exist. Null for the association. */
export async function clubNameOf(db: DbOrTx, clubId: string | null): Promise<string | null> {
  if (clubId === null) return null;
  const name = await findClubName(db, { clubId });
  if (name === undefined) throw notFound();
  return name;
}

async function formOf(db: DbOrTx, clubId: string | null, clubName: string | null): Promise<ApplicationForm> {
  const form = await findForm(db, { clubId });
  return {
    clubId,
    clubName,
    isPublished: form?.isPublished ?? false,
    intro: form?.intro ?? emptyIntro,
    membershipTypes: form?.membershipTypes ?? [],
    questions: (form?.questions ?? []) as ApplicationForm['questions'],
  };
}

/** GET club/{id}/application-form and application-form: the form to edit (an empty one at first). */
export async function getFormToEdit(deps: Deps, actor: Actor, clubId: string | null): Promise<ApplicationForm> {
  // Before the lookup: a stranger learns nothing about which clubs exist.
  if (!canDecideApplicationsOf(actor, clubId)) throw forbidden();
  return formOf(deps.db, clubId, await clubNameOf(deps.db, clubId));
}

/** GET application-form-public(/{id}): the published form; 404 for an unpublished one. */
export async function getPublishedForm(deps: Deps, clubId: string | null): Promise<ApplicationForm> {
  const form = await formOf(deps.db, clubId, await clubNameOf(deps.db, clubId));
  if (!form.isPublished) throw notFound();
  return form;
}

/**
 * PUT club/{id}/application-form and application-form. A question keeps its id (the answers of
 * pending applications keep their own copy of the title, so renaming or removing one changes
 * none of them); options keep theirs as in the events' custom fields.
 */
export async function updateForm(
  deps: Deps,
  actor: Actor,
  clubId: string | null,
  body: ApplicationFormData,
): Promise<ApplicationForm> {
  if (!canDecideApplicationsOf(actor, clubId)) throw forbidden();
  const clubName = await clubNameOf(deps.db, clubId);
  return deps.db.transaction(async (tx) => {
    const stored = await findForm(tx, { clubId });
    const known = new Map((stored?.questions ?? []).map((q) => [q.id, q]));
    const questions: StoredApplicationQuestion[] = body.questions.map((q) => {
      const previous = q.id ? known.get(q.id) : undefined;
      if (q.id && !previous) throw badRequest({ key: 'validation.invalid', params: { field: 'questions' } });
      const knownOptions = new Set(previous?.eventCustomFieldOptions.map((o) => o.id) ?? []);
      return {
        id: q.id ?? randomUUID(),
        eventCustomFieldType: q.type,
        title: q.title,
        mode: q.mode,
        eventCustomFieldOptions: q.eventCustomFieldOptions.map((o) => ({
          id: o.id && knownOptions.has(o.id) ? o.id : randomUUID(),
          value: o.value,
        })),
      };
    });
    await saveForm(tx, {
      clubId,
      isPublished: body.isPublished,
      intro: body.intro,
      membershipTypes: body.membershipTypes,
      questions,
      actorId: actor.personId,
      now: deps.now(),
    });
    return formOf(tx, clubId, clubName);
  });
}
