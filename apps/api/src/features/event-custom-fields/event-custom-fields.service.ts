import type { Actor } from '@bpw/domain/actor';
import { normalizeCustomFieldValue } from '@bpw/domain/custom-field-values';
import { publicPageEventStates } from '@bpw/domain/enums/event';
import { canCreateEvent, canManageEvent, customFieldAudience } from '@bpw/domain/permissions';
import type {
  CopyCustomFieldsBody,
  EventCustomField,
  EventCustomFieldList,
  EventCustomFieldListQuery,
  eventCustomFieldCreateBodySchema,
  eventCustomFieldUpdateBodySchema,
} from '@bpw/domain/schemas/event-custom-field';
import type { z } from 'zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import type { DbOrTx } from '../../db/client';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import {
  deleteCustomField,
  deleteValues,
  findCustomField,
  findCustomFields,
  findFieldsEvent,
  findOptionsOf,
  findValuesOfField,
  insertCustomField,
  replaceOptions,
  updateCustomField,
  updateValue,
} from './custom-fields.queries';

/** Custom registration fields: spec 02 §2 "Custom fields tab", §3, §5, §6, §7. */
type Deps = Pick<FeatureDeps, 'db'>;
type CreateBody = z.output<typeof eventCustomFieldCreateBodySchema>;
type UpdateBody = z.output<typeof eventCustomFieldUpdateBodySchema>;
type EventOfFields = NonNullable<Awaited<ReturnType<typeof findFieldsEvent>>>;

const isPublicState = (state: number) => (publicPageEventStates as readonly number[]).includes(state);

async function eventToManage(db: DbOrTx, actor: Actor, eventId: string): Promise<EventOfFields> {
  const event = await findFieldsEvent(db, { eventId });
  if (!event) throw notFound();
  if (!canManageEvent(actor, event)) throw forbidden();
  return event;
}

/** An event whose fields the caller may read: one she manages, or one with a public page. */
async function readableEvent(db: DbOrTx, actor: Actor | null, eventId: string) {
  const event = await findFieldsEvent(db, { eventId });
  if (!event) throw notFound();
  const canManage = actor !== null && canManageEvent(actor, event);
  if (!canManage && !isPublicState(event.eventState)) throw notFound();
  return { event, canManage };
}

const listParams = (query: EventCustomFieldListQuery) => ({
  title: query.Title,
  sort: query.SortBy.map((key, i) => ({ key, isDesc: query.SortDesc[i] ?? false })),
  limit: query.PerPage === 0 ? undefined : query.PerPage,
  offset: query.PerPage === 0 ? 0 : query.Page * query.PerPage,
});

/**
 * GET event/{id}/custom-field: every field for the event's managers; for other signed-in users
 * (the registration form of a member) the member-visible fields of an event with a public page.
 */
export async function listEventFields(
  deps: Deps,
  actor: Actor,
  eventId: string,
  query: EventCustomFieldListQuery,
): Promise<EventCustomFieldList> {
  const { canManage } = await readableEvent(deps.db, actor, eventId);
  return findCustomFields(deps.db, { eventId, audience: canManage ? undefined : 'member', ...listParams(query) });
}

/** GET event-public/{id}/custom-field: the fields the caller's audience sees (spec 02 §6). */
export async function listPublicEventFields(
  deps: Deps,
  actor: Actor | null,
  eventId: string,
  query: EventCustomFieldListQuery,
): Promise<EventCustomFieldList> {
  const event = await findFieldsEvent(deps.db, { eventId });
  if (!event || !isPublicState(event.eventState)) throw notFound();
  return findCustomFields(deps.db, { eventId, audience: customFieldAudience(actor), ...listParams(query) });
}

/** Every field of an event (registration checks and the export); no authorisation: callers did it. */
export async function findFieldDefinitions(db: DbOrTx, eventId: string): Promise<EventCustomField[]> {
  return (await findCustomFields(db, { eventId, sort: [], withoutTotal: true })).items;
}

/**
 * The routes' pre-check where the event is the body's (create, copy): only those who manage
 * events at all (admins, event managers: the ability to create events) may write fields.
 */
export async function authorizeFieldWrites(actor: Actor): Promise<void> {
  if (!canCreateEvent(actor)) throw forbidden();
}

/** The pre-check of PUT event-custom-field/{id}: the field's event is one the caller manages. */
export async function authorizeFieldChange(deps: Deps, actor: Actor, id: string) {
  const field = await findCustomField(deps.db, { id });
  if (!field) throw notFound();
  await eventToManage(deps.db, actor, field.eventId);
  return field;
}

export async function createField(deps: Deps, actor: Actor, body: CreateBody): Promise<EventCustomField> {
  await authorizeFieldWrites(actor);
  await eventToManage(deps.db, actor, body.eventId);
  return deps.db.transaction(async (tx) => {
    const id = await insertCustomField(tx, { ...body, options: body.eventCustomFieldOptions.map((x) => x.value) });
    return (await findCustomField(tx, { id }))!;
  });
}

/**
 * PUT event-custom-field/{id}. Registrations keep their answers where they still fit: a renamed
 * option's answers follow the new text; answers that no longer fit the field (a removed option,
 * a new type they are no valid value of) are removed.
 */
export async function updateField(deps: Deps, actor: Actor, id: string, body: UpdateBody): Promise<EventCustomField> {
  await authorizeFieldChange(deps, actor, id);
  return deps.db.transaction(async (tx) => {
    const existing = await findOptionsOf(tx, { fieldId: id });
    const existingIds = new Set(existing.map((x) => x.id));
    if (body.eventCustomFieldOptions.some((x) => x.id && !existingIds.has(x.id))) {
      throw badRequest({ key: 'validation.invalid', params: { field: 'eventCustomFieldOptions' } });
    }
    await updateCustomField(tx, { id, ...body });
    const options = body.eventCustomFieldOptions.map((x) => ({ id: x.id ?? null, value: x.value }));
    await replaceOptions(tx, { fieldId: id, options });

    const renamed = new Map<string, string>();
    for (const old of existing) {
      const kept = options.find((x) => x.id === old.id);
      if (kept) renamed.set(old.value, kept.value);
    }
    const definition = { ...body, id, title: body.title, eventCustomFieldType: body.type };
    const stale: string[] = [];
    for (const stored of await findValuesOfField(tx, { fieldId: id })) {
      const text = renamed.get(stored.value) ?? stored.value;
      const result = normalizeCustomFieldValue(definition, text);
      if ('code' in result) stale.push(stored.id);
      else if (result.value !== stored.value) await updateValue(tx, { id: stored.id, value: result.value });
    }
    await deleteValues(tx, { fieldId: id, ids: stale });
    return (await findCustomField(tx, { id }))!;
  });
}

export async function removeField(deps: Deps, actor: Actor, id: string) {
  const field = await findCustomField(deps.db, { id });
  if (!field) throw notFound();
  await eventToManage(deps.db, actor, field.eventId);
  await deleteCustomField(deps.db, { id });
}

/**
 * POST event/{id}/copy-custom-field: copies the fields of the event in the path (the source) to
 * `targetEventId` (spec 02 §7 "TargetEventId"), appended to the target's own. The caller manages
 * the target and may read the source (she manages it, or it has a public page).
 */
export async function copyFields(
  deps: Deps,
  actor: Actor,
  sourceEventId: string,
  body: CopyCustomFieldsBody,
): Promise<EventCustomFieldList> {
  await authorizeFieldWrites(actor);
  const target = await eventToManage(deps.db, actor, body.targetEventId);
  if (body.targetEventId === sourceEventId) {
    throw badRequest({ key: 'validation.invalid', params: { field: 'targetEventId' } });
  }
  await readableEvent(deps.db, actor, sourceEventId);
  return deps.db.transaction(async (tx) => {
    const sources = (await findCustomFields(tx, { eventId: sourceEventId, sort: [] })).items;
    for (const source of sources) {
      await insertCustomField(tx, {
        eventId: target.id,
        type: source.eventCustomFieldType,
        title: source.title,
        eventCustomFieldModeMember: source.eventCustomFieldModeMember,
        eventCustomFieldModeGuest: source.eventCustomFieldModeGuest,
        showInList: source.showInList,
        sortOrder: source.sortOrder,
        options: source.eventCustomFieldOptions.map((x) => x.value),
      });
    }
    return findCustomFields(tx, { eventId: target.id, sort: [] });
  });
}
