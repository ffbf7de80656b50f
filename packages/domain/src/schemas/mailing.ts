import { z } from 'zod';
import type { Actor } from '../actor';
import { languageCodeSchema, languageCodeValues } from '../enums/language';
import { RegistrationState } from '../enums/registration';
import { ValidationCode, requiredText } from '../validation';
import { pagedSchema, pagingQuery, queryBoolean, queryList, uuidValue } from './query-params';

/** Issue 18: mailings and mailing lists (docs/decisions/mailings.md, /tmp contract). */
const c = ValidationCode;

export const mailingStates = ['draft', 'queued', 'sending', 'sent', 'cancelled'] as const;
export type MailingState = (typeof mailingStates)[number];
export const mailingAudienceKinds = ['persons', 'club', 'event', 'list'] as const;
export type MailingAudienceKind = (typeof mailingAudienceKinds)[number];
export const recipientStates = ['queued', 'handed', 'sent', 'failed', 'skipped', 'cancelled'] as const;
export type RecipientState = (typeof recipientStates)[number];

/** The placeholders a subject and body may hold. */
export const mailingPlaceholders = ['{salutation}', '{firstName}', '{lastName}', '{club}'] as const;
/** All attachments of a mailing together, at most. */
export const MAILING_ATTACHMENTS_MAX_BYTES = 10 * 1024 * 1024;

const registrationStateValues = Object.values(RegistrationState) as number[];
/** GET person's filter parameters as their query-string texts (sort and paging are ignored). */
const personFilter = z.record(
  z.string().max(40),
  z.union([z.string().max(200), z.array(z.string().max(200)).max(200)]),
  { error: c.invalid },
);

export const mailingAudienceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('persons'), clubId: uuidValue().nullable(), filter: personFilter }),
    z.object({ kind: z.literal('club'), clubId: uuidValue() }),
    z.object({
      kind: z.literal('event'),
      eventId: uuidValue(),
      registrationStates: z
        .array(z.literal(registrationStateValues, { error: c.invalid }))
        .min(1, { error: c.required })
        .max(5, { error: c.invalid }),
    }),
    z.object({ kind: z.literal('list'), mailingListId: uuidValue() }),
  ],
  { error: c.invalid },
);
export type MailingAudience = z.infer<typeof mailingAudienceSchema>;

export const mailingTextSchema = z.object({
  language: languageCodeSchema,
  subject: requiredText(200),
  body: z.string({ error: c.invalid }).max(100_000, { error: c.tooLong }).default(''),
});
export type MailingText = z.infer<typeof mailingTextSchema>;

export const mailingWriteSchema = z.object({
  audience: mailingAudienceSchema,
  isAdvertising: z.boolean({ error: c.boolean }).default(false),
  texts: z
    .array(mailingTextSchema, { error: c.required })
    .min(1, { error: c.required })
    .max(languageCodeValues.length, { error: c.tooLong })
    .refine((texts) => new Set(texts.map((t) => t.language)).size === texts.length, {
      error: c.invalid,
    }),
});
export type MailingWriteData = z.infer<typeof mailingWriteSchema>;

const dateTime = z.string();
export const mailingAttachmentSchema = z.object({
  id: z.string(),
  filename: z.string(),
  contentType: z.string(),
  byteSize: z.number().int(),
});
export type MailingAttachmentInfo = z.infer<typeof mailingAttachmentSchema>;

export const mailingSchema = z.object({
  id: z.string(),
  clubId: z.string().nullable(),
  clubName: z.string().nullable(),
  audience: mailingAudienceSchema,
  audienceLabel: z.string(),
  isAdvertising: z.boolean(),
  texts: z.array(mailingTextSchema),
  attachments: z.array(mailingAttachmentSchema),
  state: z.enum(mailingStates),
  recipientTotal: z.number().int().nullable(),
  createdAt: dateTime,
  updatedAt: dateTime,
  sendRequestedAt: dateTime.nullable(),
  finishedAt: dateTime.nullable(),
  jobId: z.string().nullable(),
  canEdit: z.boolean(),
});
export type Mailing = z.infer<typeof mailingSchema>;

export const mailingListQuerySchema = z.object({
  ClubId: uuidValue().optional(),
  State: queryList(z.enum(mailingStates, { error: c.invalid })),
  AudienceKind: queryList(z.enum(mailingAudienceKinds, { error: c.invalid })),
  ...pagingQuery(20),
});

export const mailingListItemSchema = z.object({
  id: z.string(),
  clubId: z.string().nullable(),
  audienceKind: z.enum(mailingAudienceKinds),
  audienceLabel: z.string(),
  subject: z.string(),
  state: z.enum(mailingStates),
  isAdvertising: z.boolean(),
  recipientTotal: z.number().int().nullable(),
  counts: z.object({ sent: z.number().int(), failed: z.number().int() }),
  createdAt: dateTime,
  sendRequestedAt: dateTime.nullable(),
  finishedAt: dateTime.nullable(),
});
export const mailingPageSchema = pagedSchema(mailingListItemSchema);

const recipientCounts = z.object(
  Object.fromEntries(recipientStates.map((s) => [s, z.number().int()])) as Record<RecipientState, z.ZodNumber>,
);
export const mailingProgressSchema = z.object({
  state: z.enum(mailingStates),
  total: z.number().int().nullable(),
  counts: recipientCounts,
  withoutConsent: z.number().int().nullable(),
  withoutEmail: z.number().int().nullable(),
  jobId: z.string().nullable(),
});
export type MailingProgress = z.infer<typeof mailingProgressSchema>;

export const mailingPreviewQuerySchema = z.object({ Language: languageCodeSchema.optional() });
export const mailingPreviewSchema = z.object({
  language: languageCodeSchema,
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  sample: z.object({ firstname: z.string().nullable(), lastname: z.string() }).nullable(),
  recipients: z.object({
    total: z.number().int(),
    byLanguage: z.object({ de: z.number().int(), fr: z.number().int(), it: z.number().int(), en: z.number().int() }),
    withoutConsent: z.number().int(),
    withoutEmail: z.number().int(),
  }),
});
export type MailingPreview = z.infer<typeof mailingPreviewSchema>;

export const mailingTestSchema = z.object({ language: languageCodeSchema.optional() }).default({});
export const mailingTestResultSchema = z.object({ address: z.string() });

export const recipientListQuerySchema = z.object({
  State: queryList(z.enum(recipientStates, { error: c.invalid })),
  ...pagingQuery(20),
});
export const recipientSchema = z.object({
  id: z.string(),
  personId: z.string().nullable(),
  address: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  language: z.string(),
  state: z.enum(recipientStates),
  error: z.string().nullable(),
  sentAt: dateTime.nullable(),
});
export const recipientPageSchema = pagedSchema(recipientSchema);

export const mailingAttachmentParamsSchema = z.object({ id: uuidValue(), attachmentId: uuidValue() });

// --- mailing lists ------------------------------------------------------------------------

export const mailingListWriteSchema = z.object({
  clubId: uuidValue().nullable(),
  name: requiredText(120),
  description: z.string({ error: c.invalid }).trim().max(1000, { error: c.tooLong }).default(''),
  isOpen: z.boolean({ error: c.boolean }),
});
export type MailingListWriteData = z.infer<typeof mailingListWriteSchema>;

export const mailingListSchema = z.object({
  id: z.string(),
  clubId: z.string().nullable(),
  clubName: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  isOpen: z.boolean(),
  subscriberCount: z.number().int(),
  isSubscribed: z.boolean(),
  canManage: z.boolean(),
});
export type MailingList = z.infer<typeof mailingListSchema>;

export const mailingListListQuerySchema = z.object({
  ClubId: uuidValue().optional(),
  Association: queryBoolean().optional(),
  ...pagingQuery(20),
});
export const mailingListPageSchema = pagedSchema(mailingListSchema);

export const subscriberListQuerySchema = z.object({
  Name: z.string().max(200, { error: c.tooLong }).optional(),
  ...pagingQuery(20),
});
export const subscriberSchema = z.object({
  personId: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string(),
  email: z.string().nullable(),
  subscribedAt: dateTime,
});
export const subscriberPageSchema = pagedSchema(subscriberSchema);
export const subscriberAddSchema = z.object({ personId: uuidValue() });
export const subscriberParamsSchema = z.object({ id: uuidValue(), personId: uuidValue() });

export const unsubscribeParamsSchema = z.object({ token: z.string().min(1).max(200) });
export const unsubscribeInfoSchema = z.object({
  listName: z.string(),
  clubName: z.string().nullable(),
  isSubscribed: z.boolean(),
  /** The recipient's language (her correspondence language when the mailing was sent): the page's. */
  language: languageCodeSchema.nullable(),
});

// --- who may (menus; the server decides from current data) -----------------------------------

/** Someone who may compose a mailing to some audience: admins, club managers, event managers. */
export const canComposeMailings = (actor: Actor) =>
  actor.isAdmin || actor.clubManagerOf.length > 0 || actor.eventManagerOf.length > 0;

/** A club's lists: its database managers and admins; the association's (`null`): admins. */
export const canManageMailingListsOf = (actor: Actor, clubId: string | null) =>
  actor.isAdmin || (clubId !== null && actor.clubManagerOf.includes(clubId));
