import { z } from 'zod';
import { type CustomFieldDefinition } from '../custom-field-values';
import { CustomFieldMode, customFieldTypeValues } from '../enums/custom-field';
import { languageCodeValues } from '../enums/language';
import { memberTypes } from '../enums/membership-type';
import { firstInvoiceOmissionReasons } from '../invoice-fees';
import { advertisingSchema } from '../enums/person-fields';
import {
  ValidationCode,
  emailAddress,
  isoDate,
  optionalCountryCode,
  optionalLine,
  optionalText,
  requiredLine,
  requiredText,
} from '../validation';
import { eventCustomFieldOptionBodySchema, optionRules } from './event-custom-field';
import { pagedSchema, pagingQuery, uuidValue } from './query-params';

/**
 * Membership applications (issue 25, docs/decisions/applications.md). A club's (or the
 * association's) form: published or not, an intro per language, the member types it offers and
 * its own questions, built like the events' custom fields (the same types, option rules and
 * value checks: custom-field-values.ts).
 */
const c = ValidationCode;
const requiredOrInvalid = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === '' ? c.required : c.invalid;

/** A question is optional or required; hiding one is removing it. */
export const applicationQuestionModes = [CustomFieldMode.optional, CustomFieldMode.required] as const;
export const applicationQuestionsMax = 30;

/* ------------------------------------------------------------------ the form */

export const applicationQuestionSchema = z.object({
  id: z.string(),
  eventCustomFieldType: z.literal(customFieldTypeValues),
  title: z.string(),
  mode: z.literal(applicationQuestionModes),
  eventCustomFieldOptions: z.array(z.object({ id: z.string(), value: z.string() })),
});
export type ApplicationQuestion = z.infer<typeof applicationQuestionSchema>;

const introSchema = z.object({ de: z.string(), fr: z.string(), it: z.string(), en: z.string() });

/** GET club/{id}/application-form and application-form (the association's; clubId null). */
export const applicationFormSchema = z.object({
  clubId: z.string().nullable(),
  clubName: z.string().nullable(),
  isPublished: z.boolean(),
  intro: introSchema,
  membershipTypes: z.array(z.number().int()),
  questions: z.array(applicationQuestionSchema),
});
export type ApplicationForm = z.infer<typeof applicationFormSchema>;

/** A question as the editor sends it; a question without id is new. */
export const applicationQuestionBodySchema = z
  .object({
    id: uuidValue().nullish(),
    type: z.literal(customFieldTypeValues, { error: requiredOrInvalid }),
    title: requiredLine(200),
    mode: z.literal(applicationQuestionModes, { error: requiredOrInvalid }),
    eventCustomFieldOptions: z
      .array(eventCustomFieldOptionBodySchema, { error: c.invalid })
      .max(100, { error: c.tooLong })
      .default([]),
  })
  .transform(optionRules);
export type ApplicationQuestionBody = z.input<typeof applicationQuestionBodySchema>;

const introText = () => optionalText(4000).transform((v) => v ?? '');

/**
 * PUT club/{id}/application-form and application-form. The member types offered are the member
 * types (single, without fee, collective, company); a published form offers at least one.
 */
export const applicationFormBodySchema = z
  .object({
    isPublished: z.boolean({ error: requiredOrInvalid }),
    intro: z
      .object({ de: introText(), fr: introText(), it: introText(), en: introText() }, { error: c.invalid })
      .default({ de: '', fr: '', it: '', en: '' }),
    membershipTypes: z
      .array(z.literal(memberTypes, { error: c.invalid }), { error: c.invalid })
      .max(memberTypes.length, { error: c.tooLong })
      .refine((types) => new Set(types).size === types.length, { error: c.invalid })
      .default([]),
    questions: z
      .array(applicationQuestionBodySchema, { error: c.invalid })
      .max(applicationQuestionsMax, { error: c.tooLong })
      .default([]),
  })
  .superRefine((body, ctx) => {
    if (body.isPublished && body.membershipTypes.length === 0)
      ctx.addIssue({ code: 'custom', path: ['membershipTypes'], message: c.required });
    const titles = new Set<string>();
    for (const [i, question] of body.questions.entries()) {
      if (titles.has(question.title))
        ctx.addIssue({ code: 'custom', path: ['questions', i, 'title'], message: c.invalid });
      titles.add(question.title);
    }
  });
export type ApplicationFormBody = z.input<typeof applicationFormBodySchema>;
export type ApplicationFormData = z.output<typeof applicationFormBodySchema>;

/** The questions as custom-field definitions: the registration's value checks apply as they are. */
export const questionsAsFields = (questions: readonly ApplicationQuestion[]): CustomFieldDefinition[] =>
  questions.map((q) => ({
    id: q.id,
    eventCustomFieldType: q.eventCustomFieldType,
    title: q.title,
    eventCustomFieldModeMember: q.mode,
    eventCustomFieldModeGuest: q.mode,
    eventCustomFieldOptions: q.eventCustomFieldOptions,
  }));

/* ------------------------------------------------------------------ applying */

export const applicationAnswerBodySchema = z.object({
  questionId: uuidValue(),
  value: z.string({ error: c.invalid }).max(2000, { error: c.tooLong }).nullish(),
});

/**
 * POST application-public/{id} (a club's form) and application-public (the association's). What
 * a membership needs (spec 01 §5 "Create person": name, birthday, language) plus the private
 * address, phone, advertising consent and the terms. `website` is the honeypot: people never see
 * it, form-filling robots do.
 */
export const applicationBodySchema = z.object({
  firstname: requiredLine(100),
  lastname: requiredLine(100),
  birthday: isoDate(),
  languageCode: z.literal(languageCodeValues, { error: requiredOrInvalid }),
  street: requiredLine(200),
  zip: requiredLine(20),
  city: requiredLine(100),
  countryCode: optionalCountryCode(),
  email: emailAddress(),
  phone: optionalLine(50),
  membershipType: z.literal(memberTypes, { error: requiredOrInvalid }),
  advertising: advertisingSchema.default(0),
  hasAcceptedTerms: z.literal(true, { error: c.required }),
  answers: z.array(applicationAnswerBodySchema, { error: c.invalid }).max(100, { error: c.tooLong }).default([]),
  website: z.string({ error: c.invalid }).max(200, { error: c.tooLong }).optional(),
});
export type ApplicationBody = z.input<typeof applicationBodySchema>;
export type ApplicationData = z.output<typeof applicationBodySchema>;

/** The mailed confirmation key (256 random bits, base64url). */
export const applicationKeyParamsSchema = z.object({
  key: z.string().regex(/^[A-Za-z0-9_-]{22,100}$/, { error: c.invalid }),
});

/** The answer of PUT application-public/{key}/confirm. */
export const applicationConfirmedSchema = z.object({ clubName: z.string().nullable() });
export type ApplicationConfirmed = z.infer<typeof applicationConfirmedSchema>;

/* ------------------------------------------------------------------ deciding */

/** Confirmed (waiting for a decision), and asked for more information. Unconfirmed ones are not listed. */
export const ApplicationState = { unconfirmed: 0, pending: 1, informationRequested: 2 } as const;
export type ApplicationState = (typeof ApplicationState)[keyof typeof ApplicationState];

export const applicationSchema = z.object({
  id: z.string(),
  clubId: z.string().nullable(),
  state: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  birthday: z.string(),
  languageCode: z.string(),
  street: z.string(),
  zip: z.string(),
  city: z.string(),
  countryCode: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  membershipType: z.number().int(),
  advertising: z.number().int(),
  answers: z.array(z.object({ title: z.string(), value: z.string() })),
  confirmedAt: z.string().nullable(),
});
export type Application = z.infer<typeof applicationSchema>;
export const applicationListSchema = pagedSchema(applicationSchema);
export type ApplicationList = z.infer<typeof applicationListSchema>;

/** GET club/{id}/application and application: oldest first (who waits longest comes first). */
export const applicationListQuerySchema = z.object({ ...pagingQuery(20) });
export type ApplicationListQuery = z.infer<typeof applicationListQuerySchema>;

/**
 * PUT application/{id}/accept. An association application names the club she joins.
 * `createFirstInvoice`: also make her membership fee invoice of the fee year (`firstFeeYear`)
 * by the fee run's rules, in the same transaction (docs/decisions/applications.md).
 */
export const applicationAcceptBodySchema = z.object({
  clubId: uuidValue().nullish(),
  membershipType: z.literal(memberTypes, { error: requiredOrInvalid }),
  from: isoDate(),
  createFirstInvoice: z.boolean({ error: c.boolean }).optional(),
});
export type ApplicationAcceptBody = z.input<typeof applicationAcceptBodySchema>;

/** Her first invoice: the invoice made, or null and why none was made (the acceptance stands). */
export const applicationFirstInvoiceSchema = z.object({
  year: z.number().int(),
  invoice: z
    .object({ id: z.string(), number: z.string(), totalCentimes: z.number().int(), delivery: z.number().int() })
    .nullable(),
  omittedReason: z.enum(firstInvoiceOmissionReasons).nullable(),
});
export type ApplicationFirstInvoice = z.infer<typeof applicationFirstInvoiceSchema>;

/** The answer of an accept: the person she is now (found or created); her first invoice when asked for. */
export const applicationAcceptedSchema = z.object({
  personId: z.string(),
  isNewPerson: z.boolean(),
  firstInvoice: applicationFirstInvoiceSchema.optional(),
});
export type ApplicationAccepted = z.infer<typeof applicationAcceptedSchema>;

/** PUT application/{id}/reject: the reason she receives. */
export const applicationRejectBodySchema = z.object({ reason: requiredText(2000) });
export type ApplicationRejectBody = z.input<typeof applicationRejectBodySchema>;

/** PUT application/{id}/ask: the manager's question, mailed to her. */
export const applicationAskBodySchema = z.object({ question: requiredText(2000) });
export type ApplicationAskBody = z.input<typeof applicationAskBodySchema>;
