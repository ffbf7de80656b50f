import { type AnyColumn, type SQL, and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { refreshTokens, userAccounts } from '../../db/schema/accounts';
import { addressEmails } from '../../db/schema/addresses';
import { eventCustomFields } from '../../db/schema/custom-fields';
import { events } from '../../db/schema/events';
import { notifications } from '../../db/schema/notifications';
import { eventCustomFieldValues, eventRegistrations } from '../../db/schema/registrations';
import type { Cursor } from './json-stream';

/**
 * The long parts of a person's own data, read in batches ordered by (time, id): a keyset
 * `(time, id) > (last time, last id)`, so each batch is one index range however long the list.
 */
const after = (at: AnyColumn, id: AnyColumn, cursor: Cursor | undefined): SQL | undefined =>
  cursor ? or(gt(at, cursor.at), and(eq(at, cursor.at), gt(id, cursor.id))) : undefined;

export async function findOwnNotifications(db: DbOrTx, params: { personId: string; after?: Cursor; limit: number }) {
  return db
    .select({
      id: notifications.id,
      createdAt: notifications.createdAt,
      notificationType: notifications.notificationType,
      channel: notifications.channel,
      title: notifications.title,
      content: notifications.content,
      eventId: notifications.eventId,
      isRead: notifications.isRead,
    })
    .from(notifications)
    .where(
      and(eq(notifications.personId, params.personId), after(notifications.createdAt, notifications.id, params.after)),
    )
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .limit(params.limit);
}

/** Her sign-ins (refresh tokens) without the token hashes. */
export async function findOwnSessions(db: DbOrTx, params: { personId: string; after?: Cursor; limit: number }) {
  return db
    .select({
      id: refreshTokens.id,
      createdAt: refreshTokens.createdAt,
      sessionId: refreshTokens.chainId,
      expiresAt: refreshTokens.expiresAt,
      usedAt: refreshTokens.usedAt,
      revokedAt: refreshTokens.revokedAt,
      userAgent: refreshTokens.userAgent,
    })
    .from(refreshTokens)
    .where(
      and(eq(refreshTokens.personId, params.personId), after(refreshTokens.createdAt, refreshTokens.id, params.after)),
    )
    .orderBy(asc(refreshTokens.createdAt), asc(refreshTokens.id))
    .limit(params.limit);
}

/**
 * Her event registrations: those made as a member and the guest registrations under one of her
 * e-mail addresses or her username (they are about her as well). The link key hash is left out.
 */
export async function findOwnRegistrations(db: DbOrTx, params: { personId: string; after?: Cursor; limit: number }) {
  // citext on both sides: the guest's e-mail matches whatever its case. No index serves the
  // e-mail side, so this scans the registrations; fine for a rare, rate-limited call.
  const ownEmails = sql`(select ${addressEmails.value}::citext from ${addressEmails} where ${addressEmails.personId} = ${params.personId}
    union select ${userAccounts.username} from ${userAccounts} where ${userAccounts.personId} = ${params.personId})`;
  return db
    .select({
      id: eventRegistrations.id,
      registeredAt: eventRegistrations.registeredAt,
      event: { id: events.id, title: events.title, eventFrom: events.eventFrom },
      isMemberRegistration: sql<boolean>`${eventRegistrations.personId} is not null`,
      firstname: eventRegistrations.firstname,
      lastname: eventRegistrations.lastname,
      address1: eventRegistrations.address1,
      address2: eventRegistrations.address2,
      street: eventRegistrations.street,
      zip: eventRegistrations.zip,
      city: eventRegistrations.city,
      county: eventRegistrations.county,
      state: eventRegistrations.state,
      countryCode: eventRegistrations.countryCode,
      email: eventRegistrations.email,
      remarks: eventRegistrations.remarks,
      unregistrationRemarks: eventRegistrations.unregistrationRemarks,
      eventRegistrationState: eventRegistrations.eventRegistrationState,
      paymentState: eventRegistrations.paymentState,
      paymentStatus: eventRegistrations.paymentStatus,
      unregisteredAt: eventRegistrations.unregisteredAt,
    })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(
      and(
        or(eq(eventRegistrations.personId, params.personId), sql`${eventRegistrations.email} in ${ownEmails}`),
        after(eventRegistrations.registeredAt, eventRegistrations.id, params.after),
      ),
    )
    .orderBy(asc(eventRegistrations.registeredAt), asc(eventRegistrations.id))
    .limit(params.limit);
}

/** The custom field answers of a batch of registrations, with the field's title and type. */
export async function findCustomValues(db: DbOrTx, params: { registrationIds: string[] }) {
  if (params.registrationIds.length === 0) return [];
  return db
    .select({
      registrationId: eventCustomFieldValues.registrationId,
      field: eventCustomFields.title,
      type: eventCustomFields.type,
      value: eventCustomFieldValues.value,
    })
    .from(eventCustomFieldValues)
    .innerJoin(eventCustomFields, eq(eventCustomFields.id, eventCustomFieldValues.eventCustomFieldId))
    .where(inArray(eventCustomFieldValues.registrationId, params.registrationIds))
    .orderBy(asc(eventCustomFieldValues.registrationId), asc(eventCustomFields.sortOrder));
}
