import { EntityState } from '@bpw/domain/enums/entity-state';
import { and, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userAccounts } from '../../db/schema/accounts';
import { addressEmails } from '../../db/schema/addresses';
import { notifications, notificationSubscriptions } from '../../db/schema/notifications';
import { persons } from '../../db/schema/persons';

/** A person to notify with her preferences for this type (and club) and where mails go. */
export type Recipient = {
  personId: string;
  languageCode: string;
  /** The primary e-mail, else the username (an e-mail address); null: no mail possible. */
  email: string | null;
  isApplicationEnabled: boolean;
  isEmailEnabled: boolean;
};

const recipientColumns = {
  personId: persons.id,
  languageCode: persons.languageCode,
  email: sql<string | null>`coalesce(${addressEmails.value}, ${userAccounts.username})`,
};

/**
 * The given persons (active ones only) with their subscription of this type and club if they
 * have one; without one, the web app gets the notification and no mail is sent (the defaults a
 * new subscription has, spec 01 §7).
 */
export async function findPersonRecipients(
  db: DbOrTx,
  params: { personIds: string[]; type: number; clubId: string | null; isEmailByDefault?: boolean },
): Promise<Recipient[]> {
  if (params.personIds.length === 0) return [];
  const rows = await db
    .select({
      ...recipientColumns,
      isApplicationEnabled: notificationSubscriptions.isApplicationEnabled,
      isEmailEnabled: notificationSubscriptions.isEmailEnabled,
    })
    .from(persons)
    .leftJoin(addressEmails, eq(addressEmails.id, persons.primaryEmailId))
    .leftJoin(userAccounts, eq(userAccounts.personId, persons.id))
    .leftJoin(
      notificationSubscriptions,
      and(
        eq(notificationSubscriptions.personId, persons.id),
        eq(notificationSubscriptions.notificationType, params.type),
        sql`${notificationSubscriptions.clubId} is not distinct from ${params.clubId}::uuid`,
      ),
    )
    .where(and(inArray(persons.id, [...new Set(params.personIds)]), eq(persons.state, EntityState.Active)));
  return rows.map((r) => ({
    ...r,
    isApplicationEnabled: r.isApplicationEnabled ?? true,
    isEmailEnabled: r.isEmailEnabled ?? params.isEmailByDefault ?? false,
  }));
}

/** Everyone (active) subscribed to this type in this club, by application or e-mail. */
export async function findSubscribedRecipients(
  db: DbOrTx,
  params: { clubId: string; type: number; excludePersonIds: string[] },
): Promise<Recipient[]> {
  return db
    .select({
      ...recipientColumns,
      isApplicationEnabled: notificationSubscriptions.isApplicationEnabled,
      isEmailEnabled: notificationSubscriptions.isEmailEnabled,
    })
    .from(notificationSubscriptions)
    .innerJoin(persons, eq(persons.id, notificationSubscriptions.personId))
    .leftJoin(addressEmails, eq(addressEmails.id, persons.primaryEmailId))
    .leftJoin(userAccounts, eq(userAccounts.personId, persons.id))
    .where(
      and(
        eq(notificationSubscriptions.clubId, params.clubId),
        eq(notificationSubscriptions.notificationType, params.type),
        or(
          eq(notificationSubscriptions.isApplicationEnabled, true),
          eq(notificationSubscriptions.isEmailEnabled, true),
        ),
        eq(persons.state, EntityState.Active),
        params.excludePersonIds.length ? notInArray(persons.id, params.excludePersonIds) : undefined,
      ),
    );
}

export type NewNotification = typeof notifications.$inferInsert;

export async function insertNotifications(db: DbOrTx, rows: NewNotification[]) {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).returning({ id: notifications.id, personId: notifications.personId });
}

/** Who subscribed to a type in each of these clubs, so a person subscribed in two hears it once. */
export async function findSubscriberIdsByClub(db: DbOrTx, params: { clubIds: readonly string[]; type: number }) {
  if (params.clubIds.length === 0) return [];
  return db
    .select({ clubId: notificationSubscriptions.clubId, personId: notificationSubscriptions.personId })
    .from(notificationSubscriptions)
    .where(
      and(
        inArray(notificationSubscriptions.clubId, [...params.clubIds]),
        eq(notificationSubscriptions.notificationType, params.type),
      ),
    );
}
