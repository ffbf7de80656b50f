import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { addresses } from '../../db/schema/addresses';

/** The address's logo id; undefined when the address is not this person's. */
export async function findCompetenceLogoId(db: DbOrTx, params: { personId: string; addressId: string }) {
  const [row] = await db
    .select({ competenceLogoId: addresses.competenceLogoId })
    .from(addresses)
    .where(and(eq(addresses.id, params.addressId), eq(addresses.personId, params.personId)));
  return row;
}

export async function setCompetenceLogoId(
  tx: DbOrTx,
  params: { personId: string; addressId: string; competenceLogoId: string | null },
) {
  await tx
    .update(addresses)
    .set({ competenceLogoId: params.competenceLogoId })
    .where(and(eq(addresses.id, params.addressId), eq(addresses.personId, params.personId)));
}
