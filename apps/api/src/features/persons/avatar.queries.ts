import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { persons } from '../../db/schema/persons';

/** The person's avatar id; undefined when the person does not exist. */
export async function findAvatarId(db: DbOrTx, params: { personId: string }) {
  const [row] = await db.select({ avatarId: persons.avatarId }).from(persons).where(eq(persons.id, params.personId));
  return row;
}

/** Locks the person row so that concurrent uploads replace avatars one after another. */
export async function lockAvatarId(tx: DbOrTx, params: { personId: string }) {
  const [row] = await tx
    .select({ avatarId: persons.avatarId })
    .from(persons)
    .where(eq(persons.id, params.personId))
    .for('update');
  return row;
}

export async function setAvatarId(
  tx: DbOrTx,
  params: { personId: string; avatarId: string | null; actorId: string; now: Date },
) {
  await tx
    .update(persons)
    .set({ avatarId: params.avatarId, updatedAt: params.now, updatedBy: params.actorId })
    .where(eq(persons.id, params.personId));
}
