import { CustomFieldMode } from '@bpw/domain/enums/custom-field';
import type { EventCustomField, EventCustomFieldSortKey } from '@bpw/domain/schemas/event-custom-field';
import { type SQL, and, asc, count, desc, eq, ilike, inArray, ne, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { eventCustomFieldOptions, eventCustomFields } from '../../db/schema/custom-fields';
import { events } from '../../db/schema/events';
import { eventCustomFieldValues } from '../../db/schema/registrations';

const f = eventCustomFields;
const o = eventCustomFieldOptions;
export const fieldColumns = {
  id: f.id,
  eventId: f.eventId,
  eventCustomFieldType: f.type,
  title: f.title,
  eventCustomFieldModeMember: f.modeMember,
  eventCustomFieldModeGuest: f.modeGuest,
  showInList: f.showInList,
  sortOrder: f.sortOrder,
};
type FieldRow = Omit<EventCustomField, 'eventCustomFieldOptions'>;
const sortColumns = { sortOrder: f.sortOrder, title: f.title } satisfies Record<EventCustomFieldSortKey, unknown>;
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The event fields belong to, with what authorising and the audience rules need. */
export async function findFieldsEvent(db: DbOrTx, params: { eventId: string }) {
  const [row] = await db
    .select({ id: events.id, responsibleClubId: events.responsibleClubId, eventState: events.eventState })
    .from(events)
    .where(eq(events.id, params.eventId));
  return row;
}

/** Attaches the options (in their entered order) to fields: one query for all of them. */
async function withOptions(db: DbOrTx, rows: FieldRow[]): Promise<EventCustomField[]> {
  if (rows.length === 0) return [];
  const options = await db
    .select({ id: o.id, eventCustomFieldId: o.eventCustomFieldId, value: o.value })
    .from(o)
    .where(
      inArray(
        o.eventCustomFieldId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(o.sortOrder), asc(o.id));
  return rows.map((row) => ({
    ...row,
    eventCustomFieldOptions: options.filter((x) => x.eventCustomFieldId === row.id),
  }));
}

export type FieldListParams = {
  eventId: string;
  title?: string | undefined;
  /** Leave out the fields whose mode for this audience is hidden. */
  audience?: 'member' | 'guest' | undefined;
  sort: { key: EventCustomFieldSortKey; isDesc: boolean }[];
  limit?: number | undefined;
  offset?: number;
};

/** An event's fields; default order sortOrder, then title (spec 02 §9). */
export async function findCustomFields(
  db: DbOrTx,
  params: FieldListParams,
): Promise<{
  items: EventCustomField[];
  total: number;
}>;
/** All of them without the count (`withoutTotal`): the registration reads them on every request. */
export async function findCustomFields(
  db: DbOrTx,
  params: FieldListParams & { withoutTotal: true },
): Promise<{ items: EventCustomField[] }>;
export async function findCustomFields(db: DbOrTx, params: FieldListParams & { withoutTotal?: boolean }) {
  const where = and(
    eq(f.eventId, params.eventId),
    params.title ? ilike(f.title, likePattern(params.title)) : undefined,
    params.audience === 'member' ? ne(f.modeMember, CustomFieldMode.hidden) : undefined,
    params.audience === 'guest' ? ne(f.modeGuest, CustomFieldMode.hidden) : undefined,
  );
  const order: SQL[] = params.sort.map((s) => (s.isDesc ? desc(sortColumns[s.key]) : asc(sortColumns[s.key])));
  let query = db
    .select(fieldColumns)
    .from(f)
    .where(where)
    .orderBy(...order, asc(f.sortOrder), asc(f.title), asc(f.id))
    .offset(params.offset ?? 0)
    .$dynamic();
  if (params.limit !== undefined) query = query.limit(params.limit);
  const rows = (await query) as FieldRow[];
  if (params.withoutTotal) return { items: await withOptions(db, rows) };
  const [total] = await db.select({ n: count() }).from(f).where(where);
  return { items: await withOptions(db, rows), total: total?.n ?? 0 };
}

export async function findCustomField(db: DbOrTx, params: { id: string }) {
  const [row] = await db.select(fieldColumns).from(f).where(eq(f.id, params.id));
  if (!row) return undefined;
  const [field] = await withOptions(db, [row as FieldRow]);
  return field;
}

export type FieldValues = {
  type: number;
  title: string;
  eventCustomFieldModeMember: number;
  eventCustomFieldModeGuest: number;
  showInList: boolean;
  sortOrder: number;
};
const toColumns = (v: FieldValues) => ({
  type: v.type,
  title: v.title,
  modeMember: v.eventCustomFieldModeMember,
  modeGuest: v.eventCustomFieldModeGuest,
  showInList: v.showInList,
  sortOrder: v.sortOrder,
});

export async function insertCustomField(
  db: DbOrTx,
  params: FieldValues & { eventId: string; options: readonly string[] },
): Promise<string> {
  const [row] = await db
    .insert(f)
    .values({ eventId: params.eventId, ...toColumns(params) })
    .returning({ id: f.id });
  if (params.options.length) {
    await db
      .insert(o)
      .values(params.options.map((value, sortOrder) => ({ eventCustomFieldId: row!.id, value, sortOrder })));
  }
  return row!.id;
}

export async function updateCustomField(db: DbOrTx, params: FieldValues & { id: string }) {
  await db.update(f).set(toColumns(params)).where(eq(f.id, params.id));
}

/** Options of a field, by id. */
export async function findOptionsOf(db: DbOrTx, params: { fieldId: string }) {
  return db.select({ id: o.id, value: o.value }).from(o).where(eq(o.eventCustomFieldId, params.fieldId));
}

/**
 * Writes the field's options in the given order: one with the id of an existing option keeps it
 * (with the new text), one without id is new, an existing option not given is removed.
 */
export async function replaceOptions(
  db: DbOrTx,
  params: { fieldId: string; options: readonly { id: string | null; value: string }[] },
) {
  const keepIds = params.options.flatMap((option) => (option.id ? [option.id] : []));
  await db
    .delete(o)
    .where(and(eq(o.eventCustomFieldId, params.fieldId), keepIds.length ? notInArray(o.id, keepIds) : undefined));
  for (const [sortOrder, option] of params.options.entries()) {
    if (option.id) await db.update(o).set({ value: option.value, sortOrder }).where(eq(o.id, option.id));
    else await db.insert(o).values({ eventCustomFieldId: params.fieldId, value: option.value, sortOrder });
  }
}

/** The stored registration values of a field. */
export async function findValuesOfField(db: DbOrTx, params: { fieldId: string }) {
  return db
    .select({ id: eventCustomFieldValues.id, value: eventCustomFieldValues.value })
    .from(eventCustomFieldValues)
    .where(eq(eventCustomFieldValues.eventCustomFieldId, params.fieldId));
}

export async function updateValue(db: DbOrTx, params: { id: string; value: string }) {
  await db.update(eventCustomFieldValues).set({ value: params.value }).where(eq(eventCustomFieldValues.id, params.id));
}

export async function deleteValues(db: DbOrTx, params: { fieldId: string; ids: readonly string[] }) {
  if (params.ids.length === 0) return;
  await db
    .delete(eventCustomFieldValues)
    .where(
      and(
        eq(eventCustomFieldValues.eventCustomFieldId, params.fieldId),
        inArray(eventCustomFieldValues.id, [...params.ids]),
      ),
    );
}

export async function deleteCustomField(db: DbOrTx, params: { id: string }) {
  await db.delete(f).where(eq(f.id, params.id));
}
