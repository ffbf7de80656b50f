import { membershipTypeValues, typeWithLabel, type MembershipType } from '@bpw/domain/enums/membership-type';
import { ValidationCode as c, isRealIsoDate } from '@bpw/domain/validation';
import { z } from 'zod';

/**
 * Spec 01 §5 "Club assignment": person, club and type required; the label is required for type
 * other; the from date is required; to, when given, is a real date not before from.
 */
export const clubAssignmentSchema = z
  .object({
    personId: z.string().min(1, { error: c.required }),
    // An unchosen select is '' in the form.
    type: z.union([z.literal(''), z.literal(membershipTypeValues)], { error: c.invalid }).transform((value, ctx) => {
      if (value !== '') return value;
      ctx.addIssue({ code: 'custom', message: c.required });
      return z.NEVER;
    }),
    membershipTypeLabel: z.string().trim().max(100, { error: c.tooLong }),
    from: z.string().min(1, { error: c.required, abort: true }).refine(isRealIsoDate, { error: c.date }),
    to: z.string().refine((value) => value === '' || isRealIsoDate(value), { error: c.date }),
  })
  .superRefine((values, ctx) => {
    if (values.type === typeWithLabel && values.membershipTypeLabel === '') {
      ctx.addIssue({ code: 'custom', path: ['membershipTypeLabel'], message: c.required });
    }
    if (values.to !== '' && values.to < values.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: c.invalid });
    }
  });

export interface ClubAssignmentValues {
  personId: string;
  type: MembershipType | '';
  membershipTypeLabel: string;
  from: string;
  to: string;
}
export type ClubAssignmentData = z.output<typeof clubAssignmentSchema>;
