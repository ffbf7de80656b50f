import { z } from 'zod';
import { personDataPartNames } from '../person-visibility';

/** GET person/me/visibility (issue 25 "Who can see me"). */
const part = z.enum(personDataPartNames as [string, ...string[]]);
const audience = z.object({
  kind: z.enum([
    'signedIn',
    'clubMember',
    'clubManager',
    'eventManager',
    'otherClubManager',
    'centralCommittee',
    'admin',
  ]),
  /** The club of a club audience (its name null if unknown); null for the others. */
  club: z.object({ id: z.uuid(), name: z.string().nullable() }).nullable(),
});
export const personVisibilitySchema = z.object({
  isProfilePublic: z.boolean(),
  isArchived: z.boolean(),
  entries: z.array(z.object({ audience, parts: z.array(part) })),
  /** What changes for whom if she turned her profile visibility the other way; empty: nothing. */
  ifProfileVisibilityChanged: z.array(z.object({ audience, gains: z.array(part), loses: z.array(part) })),
});
export type PersonVisibility = z.infer<typeof personVisibilitySchema>;
