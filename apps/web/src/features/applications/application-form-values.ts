import { normalizeCustomFieldValue } from '@bpw/domain/custom-field-values';
import { CustomFieldMode } from '@bpw/domain/enums/custom-field';
import type { LanguageCode } from '@bpw/domain/enums/language';
import { homeCountryCode } from '@bpw/domain/postal-address';
import {
  applicationBodySchema,
  questionsAsFields,
  type ApplicationBody,
  type ApplicationForm,
} from '@bpw/domain/schemas/application';
import { ValidationCode } from '@bpw/domain/validation';
import { z } from 'zod';

/**
 * The public application form (issue 25): the API's schema for what a membership needs, and one
 * text per question checked by the custom-field value rules, so the form refuses what the server
 * would.
 */
export interface ApplicationFormValues {
  firstname: string;
  lastname: string;
  birthday: string;
  languageCode: LanguageCode;
  street: string;
  zip: string;
  city: string;
  countryCode: string | null;
  email: string;
  phone: string;
  membershipType: number | null;
  advertising: number;
  hasAcceptedTerms: boolean;
  website: string;
  /** Question id -> the answer as text ('' for none). */
  answerTexts: Record<string, string>;
}

export function applicationFormSchema(form: ApplicationForm) {
  const fields = questionsAsFields(form.questions);
  return applicationBodySchema
    .omit({ answers: true })
    .extend({ answerTexts: z.record(z.string(), z.string()) })
    .superRefine((values, ctx) => {
      for (const field of fields) {
        const raw = values.answerTexts[field.id] ?? '';
        const path = ['answerTexts', field.id];
        if (raw.trim() === '') {
          if (field.eventCustomFieldModeGuest === CustomFieldMode.required)
            ctx.addIssue({ code: 'custom', path, message: ValidationCode.required });
          continue;
        }
        const result = normalizeCustomFieldValue(field, raw);
        if ('code' in result) ctx.addIssue({ code: 'custom', path, message: result.code });
      }
    });
}
export type ApplicationFormOutput = z.output<ReturnType<typeof applicationFormSchema>>;

export function emptyApplicationValues(form: ApplicationForm, language: LanguageCode): ApplicationFormValues {
  return {
    firstname: '',
    lastname: '',
    birthday: '',
    languageCode: language,
    street: '',
    zip: '',
    city: '',
    countryCode: homeCountryCode,
    email: '',
    phone: '',
    membershipType: form.membershipTypes.length === 1 ? form.membershipTypes[0]! : null,
    advertising: 0,
    hasAcceptedTerms: false,
    website: '',
    answerTexts: Object.fromEntries(form.questions.map((q) => [q.id, ''])),
  };
}

/** The POST body: the checked fields and the non-empty answers. */
export function toApplicationBody(values: ApplicationFormOutput): ApplicationBody {
  const { answerTexts, ...rest } = values;
  return {
    ...rest,
    answers: Object.entries(answerTexts)
      .filter(([, value]) => value.trim() !== '')
      .map(([questionId, value]) => ({ questionId, value })),
  };
}
