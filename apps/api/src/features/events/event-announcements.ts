import { NotificationType } from '@bpw/domain/enums/notification';
import type { FeatureDeps } from '../../platform/feature-deps';
import type { Tx } from '../../db/client';
import { notifyEventPublished } from '../event-publications/event-publications.service';
import { mailGuestRegistrants } from '../event-registrations/guest-notices.service';
import type { Notifier } from '../notifications/notify.service';
import { type NewEventFields, isBookedEventUpdate, isPublishing } from './event-changes';
import { findRegisteredPersonIds } from './event-write.queries';

type AnnounceDeps = Pick<FeatureDeps, 'config'>;
type AnnouncedFields = NewEventFields & { title: string };

/**
 * Inside the write's transaction, after the event row is written: a new date, place or state is
 * told to the members registered (Pending or Confirmed) as BookedEventUpdated, and to the guests
 * registered by mail; a state moving
 * into Published or OpenForRegistration notifies the EventPublished subscribers (event-publications).
 */
export async function announceEventChanges(
  deps: AnnounceDeps,
  tx: Tx,
  notify: Notifier,
  change: { id: string; actorId: string; before: AnnouncedFields; after: AnnouncedFields },
): Promise<void> {
  const { id, before, after } = change;
  const link = `${deps.config.publicUrl}/events-public/${id}`;
  if (isBookedEventUpdate(before, after)) {
    const personIds = await findRegisteredPersonIds(tx, { eventId: id });
    if (personIds.length > 0) {
      await notify.persons({
        personIds,
        type: NotificationType.BookedEventUpdated,
        eventId: id,
        text: { params: { event: after.title } },
        link,
      });
    }
    await mailGuestRegistrants(tx, {
      eventId: id,
      type: NotificationType.BookedEventUpdated,
      params: { event: after.title },
      link,
    });
  }
  if (isPublishing(before.eventState, after.eventState)) {
    await notifyEventPublished(tx, notify, { eventId: id, link, excludePersonIds: [change.actorId] });
  }
}
