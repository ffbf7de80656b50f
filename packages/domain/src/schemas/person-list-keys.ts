// Zod-free: the persons list checks its kept options against these (issue 20); person.ts builds
// GET person's query schema from them.

/** GET person's sort keys. */
export const personSortKeys = [
  'firstname',
  'lastname',
  'primaryClub',
  'primaryEmail',
  'primaryPhone',
  'state',
] as const;
export type PersonSortKey = (typeof personSortKeys)[number];
/** Spec 01 §9: 10, 20, 50, 100; 0 means all. */
export const personPageSizes = [0, 10, 20, 50, 100] as const;
