import { MembershipType } from '@bpw/domain/enums/membership-type';
import { and, eq, gte, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userAccounts } from '../../db/schema/accounts';
import { clubRelations } from '../../db/schema/clubs';

/**
 * Who holds a deciding role, for the features that notify the deciders of a request
 * (membership applications, leave and erasure requests, issue 25).
 */

/** The club's database managers today (type 120, relation active on `today`). */
export async function findClubManagerIds(db: DbOrTx, params: { clubId: string; today: string }): Promise<string[]> {
  const r = clubRelations;
  const rows = await db
    .selectDistinct({ personId: r.personId })
    .from(r)
    .where(
      and(
        eq(r.clubId, params.clubId),
        eq(r.type, MembershipType.database),
        lte(r.from, params.today),
        or(isNull(r.to), gte(r.to, params.today)),
      ),
    );
  return rows.map((row) => row.personId);
}

/** The association's administrators. */
export async function findAdminIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ personId: userAccounts.personId })
    .from(userAccounts)
    .where(eq(userAccounts.isAdmin, true));
  return rows.map((row) => row.personId);
}
