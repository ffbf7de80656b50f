import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { personMerges } from '../../db/schema/duplicates';

/**
 * Where a merged-away person went (issue 16): the survivor's id, or undefined for an id that was
 * never merged. The persons feature answers GET person/{old id} with a redirect to it.
 */
export async function findSurvivorOf(deps: { db: DbOrTx }, personId: string): Promise<string | undefined> {
  const [row] = await deps.db
    .select({ survivorId: personMerges.survivorId })
    .from(personMerges)
    .where(eq(personMerges.mergedPersonId, personId));
  return row?.survivorId;
}
