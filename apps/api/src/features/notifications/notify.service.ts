import { NotificationChannel, type NotificationType } from '@bpw/domain/enums/notification';
import type { FeatureDeps } from '../../platform/feature-deps';
import type { Tx } from '../../db/client';
import { queueMail } from '../../platform/mail/outbox';
import type { NotificationSignal } from '../../platform/realtime/realtime';
import { type NotificationText, languageOf, renderNotification, renderNotificationMail } from './notification-text';
import { type Recipient, findPersonRecipients, findSubscribedRecipients, insertNotifications } from './notify.queries';

/** For features that notify per club: who subscribed to a type in each of these clubs. */
export { findSubscriberIdsByClub } from './notify.queries';

/**
 * The notification service other features call INSIDE their own transaction (DESIGN "Data
 * rules": notifications and mails are written with the change that causes them). It writes the
 * web-app notifications (channel 2) and queues the mails, each in the person's language, and
 * answers a Delivery; after the commit, `deliverAfterCommit` kicks the mail outbox and pushes the
 * new notifications to open streams. `withNotifications` does both steps for you:
 *
 *   await withNotifications(deps, async (tx, notify) => {
 *     await tx.update(events)...;
 *     await notify.subscribers({ clubId, type: NotificationType.EventPublished, eventId, text: { params } });
 *   });
 */
export type NotifyOptions = {
  type: NotificationType;
  text?: NotificationText;
  eventId?: string | null;
  /** An absolute link for the mail's button (e.g. the public event page). */
  link?: string;
  /**
   * Whom the notice names, when it is not its recipient (issue 25: her application, leave or
   * erasure request to the managers): her person id, or an application's id. Stored on the
   * notifications and the mails, so her erasure removes them by it.
   */
  aboutId?: string | null;
};
export type Delivery = { notifications: NotificationSignal[]; mailCount: number };

async function deliver(tx: Tx, recipients: Recipient[], options: NotifyOptions): Promise<Delivery> {
  const rows = [];
  let mailCount = 0;
  for (const recipient of recipients) {
    const language = languageOf(recipient.languageCode);
    const rendered = renderNotification(language, options.type, options.text);
    if (recipient.isApplicationEnabled) {
      rows.push({
        personId: recipient.personId,
        ...rendered,
        notificationType: options.type,
        channel: NotificationChannel.webApp,
        eventId: options.eventId ?? null,
        aboutId: options.aboutId ?? null,
      });
    }
    if (recipient.isEmailEnabled && recipient.email) {
      await queueMail(tx, {
        ...renderNotificationMail(language, rendered, recipient.email, options.link),
        aboutId: options.aboutId ?? null,
      });
      mailCount++;
    }
  }
  const inserted = await insertNotifications(tx, rows);
  return { notifications: inserted.map((n) => ({ notificationId: n.id, personId: n.personId })), mailCount };
}

/**
 * Notifies these persons (registration-related types: her registration changed, a reminder).
 * Her subscription of the type (clubId null, or `clubId` when given) decides the channels; without
 * one she gets the web-app notification and no mail. Archived persons get nothing.
 */
export async function notifyPersons(
  tx: Tx,
  options: NotifyOptions & {
    personIds: readonly string[];
    clubId?: string | null;
    /** Without a subscription of the type, a mail too (issue 25: a membership application waits). */
    isEmailByDefault?: boolean;
  },
): Promise<Delivery> {
  const recipients = await findPersonRecipients(tx, {
    personIds: [...options.personIds],
    type: options.type,
    clubId: options.clubId ?? null,
    isEmailByDefault: options.isEmailByDefault ?? false,
  });
  return deliver(tx, recipients, options);
}

/** Notifies everyone subscribed to this type in this club (club-related types). */
export async function notifySubscribers(
  tx: Tx,
  options: NotifyOptions & { clubId: string; excludePersonIds?: readonly string[] },
): Promise<Delivery> {
  const recipients = await findSubscribedRecipients(tx, {
    clubId: options.clubId,
    type: options.type,
    excludePersonIds: [...(options.excludePersonIds ?? [])],
  });
  return deliver(tx, recipients, options);
}

type DeliveryDeps = Pick<FeatureDeps, 'outbox' | 'realtime'>;

/** After the commit: send the queued mails now and push the notifications to open streams. */
export function deliverAfterCommit(deps: DeliveryDeps, ...deliveries: Delivery[]): void {
  const signals = deliveries.flatMap((d) => d.notifications);
  if (deliveries.some((d) => d.mailCount > 0)) deps.outbox.kick();
  // A lost signal only delays the notification until the web app's next reload.
  if (signals.length) deps.realtime.publish(signals).catch(() => undefined);
}

export type Notifier = {
  persons: (options: Parameters<typeof notifyPersons>[1]) => Promise<Delivery>;
  subscribers: (options: Parameters<typeof notifySubscribers>[1]) => Promise<Delivery>;
};

/** Runs `work` in one transaction with a notifier bound to it; delivers after the commit. */
export async function withNotifications<T>(
  deps: DeliveryDeps & Pick<FeatureDeps, 'db'>,
  work: (tx: Tx, notify: Notifier) => Promise<T>,
): Promise<T> {
  const deliveries: Delivery[] = [];
  const result = await deps.db.transaction(async (tx) => {
    const collect = (delivery: Delivery) => (deliveries.push(delivery), delivery);
    return work(tx, {
      persons: async (options) => collect(await notifyPersons(tx, options)),
      subscribers: async (options) => collect(await notifySubscribers(tx, options)),
    });
  });
  deliverAfterCommit(deps, ...deliveries);
  return result;
}
