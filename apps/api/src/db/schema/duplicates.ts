import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { persons } from './persons';

/**
 * Likely duplicate persons (issue 16, docs/decisions/duplicates.md). Kept incrementally: triggers
 * queue the persons whose names, birthday, e-mails, phones or zips change
 * (`duplicate_queue`, migration 0020), and the duplicates feature recomputes their match keys and
 * pairs in batches, so the list reads one index range at any size.
 */

/** Persons whose keys and pairs are to be recomputed. No foreign key: a deleted person's entry is dropped. */
export const duplicateQueue = pgTable(
  'duplicate_queue',
  {
    personId: uuid('person_id').primaryKey(),
    queuedAt: timestamptz('queued_at').notNull().defaultNow(),
  },
  // The scan's claim order (queued_at, person_id, either direction): one index range.
  (t) => [index('duplicate_queue_claim_idx').on(t.queuedAt, t.personId)],
);

/**
 * A person's match keys: 1 e-mail, 2 name and birthday, 3 zip with initials (similar names are
 * compared within it), 4 phone digits. Two persons sharing a key are compared.
 */
export const duplicateKeys = pgTable(
  'duplicate_keys',
  {
    kind: smallint('kind').notNull(),
    key: text('key').notNull(),
    personId: uuid('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.key, t.personId] }), index('duplicate_keys_person_idx').on(t.personId)],
);

/**
 * A likely duplicate pair, the smaller id first. reasons: a bit per reason (1 << (reason - 1));
 * rank: the strongest reason (1 e-mail, 2 name and birthday, 3 similar name); sort_name: the
 * pair's first name in the list's order (folded "lastname firstname").
 */
export const duplicatePairs = pgTable(
  'duplicate_pairs',
  {
    personId1: uuid('person_id_1')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    personId2: uuid('person_id_2')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    reasons: smallint('reasons').notNull(),
    rank: smallint('rank').notNull(),
    sortName: text('sort_name').notNull(),
    foundAt: timestamptz('found_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.personId1, t.personId2] }),
    // The list's order: a page is one index range.
    index('duplicate_pairs_list_idx').on(t.rank, t.sortName, t.personId1, t.personId2),
    index('duplicate_pairs_person2_idx').on(t.personId2),
    check('duplicate_pairs_order_ck', sql`${t.personId1} < ${t.personId2}`),
  ],
);

/** "Not a duplicate", for good: such a pair is never listed again. */
export const duplicateDismissals = pgTable(
  'duplicate_dismissals',
  {
    personId1: uuid('person_id_1')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    personId2: uuid('person_id_2')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    dismissedAt: timestamptz('dismissed_at').notNull().defaultNow(),
    // No foreign key, like the audit columns: the dismissal outlives who made it.
    dismissedBy: uuid('dismissed_by'),
  },
  (t) => [
    primaryKey({ columns: [t.personId1, t.personId2] }),
    index('duplicate_dismissals_person2_idx').on(t.personId2),
    check('duplicate_dismissals_order_ck', sql`${t.personId1} < ${t.personId2}`),
  ],
);

/**
 * Where a merged-away person went: GET person/{id} of her old id points to the survivor. A later
 * merge of the survivor moves these pointers on, so one lookup always finds the living person.
 */
export const personMerges = pgTable(
  'person_merges',
  {
    mergedPersonId: uuid('merged_person_id').primaryKey(),
    survivorId: uuid('survivor_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    mergedAt: timestamptz('merged_at').notNull().defaultNow(),
    mergedBy: uuid('merged_by'),
  },
  (t) => [index('person_merges_survivor_idx').on(t.survivorId)],
);
