import { z } from 'zod';
import { CustomFieldType, customFieldModeValues, customFieldTypeValues } from '../enums/custom-field';
import { ValidationCode, requiredText } from '../validation';
import { pagedSchema, pagingQuery, sortQuery, uuidValue } from './query-params';
import { acceptingReadShape, renamed } from './read-shapes';

/** Custom registration fields, spec 02 §3 "EventCustomField", §5 "Custom field definition", §7. */
const c = ValidationCode;
const requiredOrInvalid = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === '' ? c.required : c.invalid;
const requiredOneOf = <const V extends number>(values: readonly V[]) => z.literal(values, { error: requiredOrInvalid });

/** Spec 02 §5 "Sort order choices 0 to 20". */
export const customFieldSortOrderMin = 0;
export const customFieldSortOrderMax = 20;
export const customFieldSortOrders = Array.from({ length: customFieldSortOrderMax + 1 }, (_, i) => i);
/** An option list longer than this is not a select any more. */
export const customFieldOptionsMax = 100;

/* ------------------------------------------------------------------ reads */

export const eventCustomFieldOptionSchema = z.object({
  id: z.string(),
  eventCustomFieldId: z.string(),
  value: z.string(),
});
export type EventCustomFieldOption = z.infer<typeof eventCustomFieldOptionSchema>;

export const eventCustomFieldSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventCustomFieldType: z.literal(customFieldTypeValues),
  title: z.string(),
  eventCustomFieldModeMember: z.literal(customFieldModeValues),
  eventCustomFieldModeGuest: z.literal(customFieldModeValues),
  showInList: z.boolean(),
  sortOrder: z.number().int(),
  /** In the order they were entered. */
  eventCustomFieldOptions: z.array(eventCustomFieldOptionSchema),
});
export type EventCustomField = z.infer<typeof eventCustomFieldSchema>;
export const eventCustomFieldListSchema = pagedSchema(eventCustomFieldSchema);
export type EventCustomFieldList = z.infer<typeof eventCustomFieldListSchema>;

export const eventCustomFieldSortKeys = ['sortOrder', 'title'] as const;
export type EventCustomFieldSortKey = (typeof eventCustomFieldSortKeys)[number];
/**
 * GET event/{id}/custom-field and event-public/{id}/custom-field. Default sort sortOrder
 * ascending, then title (spec 02 §9); PerPage absent means all (the form shows every field).
 */
export const eventCustomFieldListQuerySchema = z.object({
  ...sortQuery(eventCustomFieldSortKeys),
  ...pagingQuery(0),
  Title: z.string().trim().max(200, { error: c.tooLong }).optional(),
});
export type EventCustomFieldListQuery = z.infer<typeof eventCustomFieldListQuerySchema>;

/* ------------------------------------------------------------------ writes */

/**
 * One option of an option field. On PUT an option that keeps its `id` is renamed in place
 * (registrations that chose it follow the new text); an option without id is new; an existing
 * option left out is removed.
 */
export const eventCustomFieldOptionBodySchema = z.object({
  id: uuidValue().nullish(),
  value: requiredText(200),
});
export type EventCustomFieldOptionBody = z.infer<typeof eventCustomFieldOptionBodySchema>;

const fieldShape = {
  /** The create payload calls it `type` (spec 02 §3). */
  type: requiredOneOf(customFieldTypeValues),
  title: requiredText(200),
  eventCustomFieldModeMember: requiredOneOf(customFieldModeValues),
  eventCustomFieldModeGuest: requiredOneOf(customFieldModeValues),
  showInList: z.boolean({ error: requiredOrInvalid }),
  sortOrder: z
    .number({ error: requiredOrInvalid })
    .int({ error: c.integer })
    .min(customFieldSortOrderMin, { error: c.invalid })
    .max(customFieldSortOrderMax, { error: c.invalid }),
  eventCustomFieldOptions: z
    .array(eventCustomFieldOptionBodySchema, { error: c.invalid })
    .max(customFieldOptionsMax, { error: c.tooLong })
    .default([]),
};

type FieldBody = { type: number; eventCustomFieldOptions: EventCustomFieldOptionBody[] };
/**
 * Spec 02 §5: an Option field needs at least one option; another type has none (changing the
 * type away from Option clears them). Option texts are unique within a field, because a
 * registration stores the chosen text.
 */
export function optionRules<T extends FieldBody>(field: T, ctx: z.RefinementCtx): T {
  if (field.type !== CustomFieldType.option) return { ...field, eventCustomFieldOptions: [] };
  if (field.eventCustomFieldOptions.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['eventCustomFieldOptions'], message: c.required });
  }
  const seen = new Set<string>();
  for (const [i, option] of field.eventCustomFieldOptions.entries()) {
    if (seen.has(option.value)) {
      ctx.addIssue({ code: 'custom', path: ['eventCustomFieldOptions', i, 'value'], message: c.invalid });
    }
    seen.add(option.value);
  }
  return field;
}

/** POST event-custom-field. */
export const eventCustomFieldCreateBodySchema = z
  .object({ eventId: z.uuid({ error: requiredOrInvalid }), ...fieldShape })
  .transform(optionRules);
export type EventCustomFieldCreateBody = z.infer<typeof eventCustomFieldCreateBodySchema>;
export type EventCustomFieldCreateInput = z.input<typeof eventCustomFieldCreateBodySchema>;

/**
 * PUT event-custom-field/{id}: the definition without its event (a field never moves). What GET
 * answers is understood too (issue 15): the type as eventCustomFieldType.
 */
export const eventCustomFieldUpdateBodySchema = acceptingReadShape(
  z.object(fieldShape).transform(optionRules),
  (body) => renamed(body, 'eventCustomFieldType', 'type'),
);
export type EventCustomFieldUpdateBody = z.infer<typeof eventCustomFieldUpdateBodySchema>;
export type EventCustomFieldUpdateInput = z.input<typeof eventCustomFieldUpdateBodySchema>;

/**
 * POST event/{id}/copy-custom-field with `{ targetEventId }` (spec 02 §7 "TargetEventId"): the
 * path names the SOURCE event, the body the target, i.e. the event whose page the copy dialog
 * was opened on. The copies are appended to the target's fields. docs/decisions/event-registrations.md.
 */
export const copyCustomFieldsBodySchema = z.object({ targetEventId: z.uuid({ error: requiredOrInvalid }) });
export type CopyCustomFieldsBody = z.infer<typeof copyCustomFieldsBodySchema>;
/** The answer of a copy: the target's fields after the copy. */
export const copyCustomFieldsResultSchema = eventCustomFieldListSchema;
