import { typeWithLabel } from '@bpw/domain/enums/membership-type';
import { checkMembershipTypeLabel, membershipTypeLabelFor } from '@bpw/domain/schemas/membership';
import { isNotInFuture, personCreateBodySchema, type PersonCreateBody } from '@bpw/domain/schemas/person';
import { ValidationCode as c } from '@bpw/domain/validation';
import { z } from 'zod';

/**
 * Spec 01 §5 "Create person" and "Person": the domain's payload schema field by field (so the
 * form says what the server says), with birthday and from date not in the future, and the
 * label required only for type other.
 */
const field = personCreateBodySchema.shape;
const notInFuture = (today: string) => (date: string) => isNotInFuture(date, today);
/** An empty date input is null; the schema reads it as empty. */
const date = (today: string) =>
  z.preprocess((value) => value ?? '', field.birthday.refine(notInFuture(today), { error: c.notInFuture }));

export function createPersonSchema(today: string) {
  return z
    .object({
      username: field.username,
      password: field.password,
      firstname: field.firstname,
      lastname: field.lastname,
      birthday: date(today),
      language: field.language,
      clubId: field.clubId,
      membershipType: field.membershipType,
      membershipTypeLabel: z.string().trim().max(100, { error: c.tooLong }),
      clubFrom: date(today),
    })
    .superRefine(
      (values, ctx) =>
        checkMembershipTypeLabel(
          ctx,
          values.membershipType,
          membershipTypeLabelFor(values.membershipType, values.membershipTypeLabel),
        ),
      // Also while other fields are still invalid, so the label's message shows at once.
      { when: ({ value }) => (value as { membershipType?: unknown }).membershipType === typeWithLabel },
    );
}

/** The form's values: empty selects are '' and empty dates null until chosen. */
export interface CreatePersonValues {
  username: string;
  password: string;
  firstname: string;
  lastname: string;
  birthday: string | null;
  language: string;
  clubId: string;
  membershipType: number | '';
  membershipTypeLabel: string;
  clubFrom: string | null;
}
export type CreatePersonData = z.output<ReturnType<typeof createPersonSchema>>;

/** The payload of POST person; the label goes only with type other. */
export function toCreatePersonBody(values: CreatePersonData): PersonCreateBody {
  return {
    ...values,
    firstname: values.firstname ?? null,
    membershipTypeLabel: membershipTypeLabelFor(values.membershipType, values.membershipTypeLabel),
  };
}
