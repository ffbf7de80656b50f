import type { Actor } from '@bpw/domain/actor';
import { publicPageEventStates } from '@bpw/domain/enums/event';
import { canManageEvent } from '@bpw/domain/permissions';
import type { EventImageQuery } from '@bpw/domain/schemas/event';
import type { UploadedImage } from '@bpw/domain/schemas/image';
import type { FeatureDeps } from '../../platform/feature-deps';
import type { DbOrTx } from '../../db/client';
import { forbidden, notFound } from '../../platform/errors';
import type { StoredImageAnswer } from '../../platform/image-http';
import { imageProfiles, processImage } from '../../platform/images';
import { deleteStoredFiles, findStoredVariant, insertStoredImage } from '../../platform/stored-files';
import { findEventImage, lockEventImage, setEventImageId } from './event-image.queries';

type ImageDeps = Pick<FeatureDeps, 'db' | 'now'>;

/** Locks the event and checks, on the locked row, that the actor still manages it. */
async function lockManaged(tx: DbOrTx, actor: Actor, eventId: string) {
  const event = await lockEventImage(tx, { eventId });
  if (!event) throw notFound();
  if (!canManageEvent(actor, event)) throw forbidden();
  return event;
}

/**
 * POST event/{id}/event-image (spec 02 §5: PNG or JPEG by content, at least 300x300 px; stored
 * re-encoded as small and large). Authorises before the upload is read; the old image goes in
 * the same transaction.
 */
export async function uploadEventImage(
  deps: ImageDeps,
  actor: Actor,
  eventId: string,
  readFile: () => Promise<Buffer>,
): Promise<UploadedImage> {
  const event = await findEventImage(deps.db, { eventId });
  if (!event) throw notFound();
  if (!canManageEvent(actor, event)) throw forbidden();
  const image = await processImage(await readFile(), imageProfiles.eventImage);
  return deps.db.transaction(async (tx) => {
    const locked = await lockManaged(tx, actor, eventId);
    const id = await insertStoredImage(tx, image);
    await setEventImageId(tx, { eventId, eventImageId: id, actorId: actor.personId, now: deps.now() });
    await deleteStoredFiles(tx, { ids: [locked.eventImageId] });
    return { id };
  });
}

/** DELETE event/{id}/event-image: 204 also when there was none. */
export async function deleteEventImage(deps: ImageDeps, actor: Actor, eventId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const locked = await lockManaged(tx, actor, eventId);
    if (!locked.eventImageId) return;
    await setEventImageId(tx, { eventId, eventImageId: null, actorId: actor.personId, now: deps.now() });
    await deleteStoredFiles(tx, { ids: [locked.eventImageId] });
  });
}

/**
 * GET event/{id}/event-image (signed in, every event, as GET event/{id}) and
 * event-public/{id}/event-image (anyone, public states only). A URL whose `cache` is the current
 * image id names bytes that never change: cacheable for good.
 */
export async function getEventImage(
  deps: ImageDeps,
  params: { eventId: string; isPublic: boolean } & EventImageQuery,
): Promise<StoredImageAnswer> {
  const event = await findEventImage(deps.db, params);
  const states: readonly number[] = publicPageEventStates;
  if (!event?.eventImageId || (params.isPublic && !states.includes(event.eventState))) throw notFound();
  const variant = await findStoredVariant(deps.db, { fileId: event.eventImageId, variant: params.size });
  if (!variant) throw notFound();
  return { ...variant, etag: `${event.eventImageId}-${params.size}`, isImmutable: params.cache === event.eventImageId };
}
