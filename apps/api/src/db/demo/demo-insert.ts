import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../client';
import type { DemoPerson } from './demo-persons';

/** Rows per INSERT: a few hundred keep each statement short and far below the parameter limit. */
export const BATCH_SIZE = 250;

export async function insertInBatches<T extends PgTable>(tx: Tx, table: T, rows: readonly T['$inferInsert'][]) {
  for (let i = 0; i < rows.length; i += BATCH_SIZE) {
    await tx.insert(table).values(rows.slice(i, i + BATCH_SIZE) as T['$inferInsert'][]);
  }
}

/** The person row without the references to rows inserted after it (contacts and coaches). */
export function withoutLinks(p: DemoPerson) {
  return {
    ...p.row,
    primaryAddressId: null,
    primaryEmailId: null,
    primaryPhoneId: null,
    primaryUrlId: null,
    coach1Id: null,
    coach2Id: null,
  };
}

/**
 * Sets the primary contact items and coaches once the contacts exist: one UPDATE ... FROM (VALUES ...)
 * per batch instead of one statement per person.
 */
export async function linkPersons(tx: Tx, people: readonly DemoPerson[]) {
  for (let i = 0; i < people.length; i += BATCH_SIZE) {
    const values = people.slice(i, i + BATCH_SIZE).map(({ row: r }) => {
      const ids = [
        r.id,
        r.primaryAddressId,
        r.primaryEmailId,
        r.primaryPhoneId,
        r.primaryUrlId,
        r.coach1Id,
        r.coach2Id,
      ];
      return sql`(${sql.join(
        ids.map((id) => sql`${id ?? null}::uuid`),
        sql`, `,
      )})`;
    });
    await tx.execute(sql`
      update persons as p set
        primary_address_id = v.address_id, primary_email_id = v.email_id, primary_phone_id = v.phone_id,
        primary_url_id = v.url_id, coach1_id = v.coach1_id, coach2_id = v.coach2_id
      from (values ${sql.join(values, sql`, `)}) as v(id, address_id, email_id, phone_id, url_id, coach1_id, coach2_id)
      where p.id = v.id`);
  }
}
