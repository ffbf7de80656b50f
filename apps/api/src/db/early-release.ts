import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from './client';

/**
 * Locks held only until the commit is written, not until it is on disk (issue 24,
 * docs/decisions/event-registrations.md "Registering under a crowd").
 *
 * A transaction that serialises on a row lock (a registration to a limited event) would hold it
 * through its commit's flush, so the next one waits for the disk too. With `synchronous_commit`
 * off for that one transaction the lock is released as soon as the commit is written to the WAL,
 * and `waitUntilDurable` afterwards waits for the flush outside it, before the caller answers:
 * the answer still comes only once the write is durable. The WAL is written in order, so a
 * crash can only lose a tail of such transactions, never one that a later durable transaction
 * read (the next registration's count), and no caller has heard of the lost ones.
 */
export async function releaseLocksBeforeFlush(tx: Tx) {
  await tx.execute(sql`set local synchronous_commit = off`);
}

/**
 * Returns once everything committed before it is on disk: a transaction of its own that takes a
 * transaction id commits synchronously, which flushes the WAL up to its commit record (and so
 * every earlier commit); concurrent callers share one flush.
 */
export async function waitUntilDurable(db: DbOrTx) {
  await db.execute(sql`select txid_current()`);
}
