import type { Actor } from '@bpw/domain/permissions';
import type { AvatarSizeName, UploadedImage } from '@bpw/domain/schemas/image';
import type { FeatureDeps } from '../../platform/feature-deps';
import { writeAuditEntry } from '../../platform/audit';
import { authorizePersonEdit, requireVisiblePersonAccess } from '../../platform/auth/person-guards';
import { notFound } from '../../platform/errors';
import type { StoredImageAnswer } from '../../platform/image-http';
import { imageProfiles, processImage } from '../../platform/images';
import { deleteStoredFiles, findStoredVariant, insertStoredImage } from '../../platform/stored-files';
import { findAvatarId, lockAvatarId, setAvatarId } from './avatar.queries';

type AvatarDeps = Pick<FeatureDeps, 'db' | 'now'>;

/**
 * POST person/{id}/avatar (spec 01 §6 "Own profile may edit ... avatar"; managers and admins too).
 * Authorises before the upload is read; the old avatar's rows and the audit entry go in the same
 * transaction.
 */
export async function uploadAvatar(
  deps: AvatarDeps,
  actor: Actor,
  personId: string,
  readFile: () => Promise<Buffer>,
): Promise<UploadedImage> {
  await authorizePersonEdit(deps, actor, personId);
  const image = await processImage(await readFile(), imageProfiles.avatar);
  return deps.db.transaction(async (tx) => {
    const person = await lockAvatarId(tx, { personId });
    if (!person) throw notFound();
    const id = await insertStoredImage(tx, image);
    const now = deps.now();
    await setAvatarId(tx, { personId, avatarId: id, actorId: actor.personId, now });
    await deleteStoredFiles(tx, { ids: [person.avatarId] });
    // The entity is the new image; the replaced one's id stays for the record (ids only).
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'updated',
      entity: 'avatar',
      entityId: id,
      subjectPersonId: personId,
      at: now,
      details: { previousAvatarId: person.avatarId ?? null },
    });
    return { id };
  });
}

/** DELETE person/{id}/avatar: 204 also when there was none. */
export async function deleteAvatar(deps: AvatarDeps, actor: Actor, personId: string): Promise<void> {
  await authorizePersonEdit(deps, actor, personId);
  await deps.db.transaction(async (tx) => {
    const person = await lockAvatarId(tx, { personId });
    if (!person) throw notFound();
    if (!person.avatarId) return;
    const now = deps.now();
    await setAvatarId(tx, { personId, avatarId: null, actorId: actor.personId, now });
    await deleteStoredFiles(tx, { ids: [person.avatarId] });
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'deleted',
      entity: 'avatar',
      entityId: person.avatarId,
      subjectPersonId: personId,
      at: now,
    });
  });
}

/**
 * GET person/{id}/avatar: every signed-in user (lists and tiles show avatars). A URL whose
 * `cache` is the current avatar id names bytes that never change: cacheable for good.
 */
export async function getAvatar(
  deps: AvatarDeps,
  actor: Actor,
  params: { personId: string; size: AvatarSizeName; cache?: string | undefined },
): Promise<StoredImageAnswer> {
  await requireVisiblePersonAccess(deps, actor, params.personId);
  const avatarId = (await findAvatarId(deps.db, params))?.avatarId;
  if (!avatarId) throw notFound();
  const variant = await findStoredVariant(deps.db, { fileId: avatarId, variant: params.size });
  if (!variant) throw notFound();
  return { ...variant, etag: `${avatarId}-${params.size}`, isImmutable: params.cache === avatarId };
}
