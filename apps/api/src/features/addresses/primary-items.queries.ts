import type { PrimaryItemKind } from '@bpw/domain/schemas/address';
import { and, eq, gte, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { addressEmails, addressPhones, addresses, addressUrls } from '../../db/schema/addresses';
import { clubRelations } from '../../db/schema/clubs';
import { persons } from '../../db/schema/persons';

const primaryColumn = {
  address: 'primaryAddressId',
  phone: 'primaryPhoneId',
  email: 'primaryEmailId',
  url: 'primaryUrlId',
  club: 'primaryClubId',
} as const satisfies Record<PrimaryItemKind, keyof typeof persons.$inferInsert>;

/**
 * Whether `id` is an item of this kind of the person, locked until the transaction ends so that
 * it cannot vanish before the person points at it. A club counts when she has a relation with
 * it that has not ended (current or future; docs/decisions/contact-entries.md).
 */
export async function lockPersonItem(
  tx: DbOrTx,
  params: { personId: string; kind: PrimaryItemKind; id: string; today: string },
): Promise<boolean> {
  const { personId, id } = params;
  // The four tables share id and person_id; Drizzle types them separately, so one shape serves all.
  const owned = (table: typeof addresses | typeof addressEmails | typeof addressPhones | typeof addressUrls) => {
    const t = table as typeof addressEmails;
    return tx
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.id, id), eq(t.personId, personId)))
      .for('share');
  };
  let rows: unknown[];
  switch (params.kind) {
    case 'address':
      rows = await owned(addresses);
      break;
    case 'email':
      rows = await owned(addressEmails);
      break;
    case 'phone':
      rows = await owned(addressPhones);
      break;
    case 'url':
      rows = await owned(addressUrls);
      break;
    case 'club':
      rows = await tx
        .select({ id: clubRelations.id })
        .from(clubRelations)
        .where(
          and(
            eq(clubRelations.clubId, id),
            eq(clubRelations.personId, personId),
            or(isNull(clubRelations.to), gte(clubRelations.to, params.today)),
          ),
        )
        .for('share');
      break;
  }
  return rows.length > 0;
}

export async function setPrimaryItem(
  tx: DbOrTx,
  params: { personId: string; kind: PrimaryItemKind; id: string | null; actorId: string; now: Date },
) {
  await tx
    .update(persons)
    .set({ [primaryColumn[params.kind]]: params.id, updatedAt: params.now, updatedBy: params.actorId })
    .where(eq(persons.id, params.personId));
}

/**
 * The item of this kind that is primary now (null when none), the person's row locked until the
 * transaction ends so that a concurrent toggle cannot change it before it is recorded.
 */
export async function findPrimaryItemId(tx: DbOrTx, params: { personId: string; kind: PrimaryItemKind }) {
  const [row] = await tx
    .select({ id: persons[primaryColumn[params.kind]] })
    .from(persons)
    .where(eq(persons.id, params.personId))
    .for('update');
  return row?.id ?? null;
}
