import { z } from 'zod';

/**
 * GET person/{id}, the first slice of spec 01 §3 "Person (detail)": what the app shell and the
 * person header need. The persons feature extends it (and moves it to packages/domain with the
 * update payloads).
 */
const idValue = z.object({ id: z.string(), value: z.string() });

export const personDetailSchema = z.object({
  id: z.string(),
  firstname: z.string().nullable(),
  lastname: z.string(),
  salutation: z.number().int().nullable(),
  title: z.number().int().nullable(),
  /** Null unless the caller may see it (managers and the person herself, spec 01 §2). */
  birthday: z.string().nullable(),
  languageCode: z.string(),
  avatarId: z.string().nullable(),
  state: z.number().int(),
  primaryClubId: z.string().nullable(),
  primaryClub: z.object({ id: z.string(), name: z.string() }).nullable(),
  primaryEmail: idValue.nullable(),
  primaryPhone: idValue.nullable(),
});
export type PersonDetail = z.infer<typeof personDetailSchema>;
