import { RegistrationState } from '@bpw/domain/enums/registration';
import { and, eq, gt, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { isExpiredAt } from '../../db/registration-slots';
import { eventCustomFieldValues, eventRegistrations } from '../../db/schema/registrations';
import { nextWaitingNumber } from './waiting-list.queries';

/** Registration writes; what the rules read first is in registration-checks.queries.ts. */
const r = eventRegistrations;

/**
 * Deletes the event's expired Pending registrations of this e-mail address or member (they still
 * occupy the one-active-registration indexes), before a registration of the same takes their place.
 */
export async function deleteExpiredOf(
  tx: DbOrTx,
  params: { eventId: string; now: Date; email: string; personId?: string | null; exceptId?: string },
) {
  await tx
    .delete(r)
    .where(
      and(
        eq(r.eventId, params.eventId),
        isExpiredAt(params.now),
        params.personId ? or(eq(r.email, params.email), eq(r.personId, params.personId)) : eq(r.email, params.email),
        params.exceptId ? ne(r.id, params.exceptId) : undefined,
      ),
    );
}

/** The expiry job: Pending registrations expired before `before`, a batch at a time. */
export async function deleteExpiredBefore(db: DbOrTx, params: { before: Date }) {
  const rows = await db
    .delete(r)
    .where(and(eq(r.eventRegistrationState, RegistrationState.Pending), lt(r.expiresAt, params.before)))
    .returning({ id: r.id });
  return rows.length;
}

/** A new link key (its hash) and expiry for a Pending registration, e.g. when its links are mailed again. */
export async function renewLink(
  db: DbOrTx,
  params: { id: string; linkKeyHash: string; expiresAt: Date | null; linksResentAt?: Date },
) {
  await db
    .update(r)
    .set({
      linkKeyHash: params.linkKeyHash,
      ...(params.expiresAt ? { expiresAt: params.expiresAt } : {}),
      ...(params.linksResentAt ? { linksResentAt: params.linksResentAt } : {}),
    })
    .where(eq(r.id, params.id));
}

export type RegistrantValues = {
  firstname: string;
  lastname: string;
  email: string;
  address1: string | null;
  address2: string | null;
  street: string;
  zip: string;
  city: string;
  county: string | null;
  state: string | null;
  countryCode: string | null;
  remarks: string | null;
};

export async function insertRegistration(
  tx: Tx,
  values: RegistrantValues & {
    eventId: string;
    personId: string | null;
    languageCode: string;
    linkKeyHash: string;
    registeredAt: Date;
    expiresAt: Date;
    /** Joins the event's waiting list (issue 19): Waiting, no expiry, the next waiting number. */
    isWaiting?: boolean;
  },
) {
  const { isWaiting, ...columns } = values;
  const [row] = await tx
    .insert(r)
    .values(
      isWaiting
        ? {
            ...columns,
            eventRegistrationState: RegistrationState.Waiting,
            expiresAt: null,
            waitingNumber: nextWaitingNumber,
          }
        : { ...columns, eventRegistrationState: RegistrationState.Pending },
    )
    .returning({ id: r.id, eventRegistrationState: r.eventRegistrationState });
  return row!;
}

export async function updateRegistrant(tx: Tx, params: { id: string; values: RegistrantValues }) {
  await tx.update(r).set(params.values).where(eq(r.id, params.id));
}

/** Replaces a registration's custom values. */
export async function replaceCustomValues(
  tx: Tx,
  params: { registrationId: string; values: readonly { eventCustomFieldId: string; value: string }[] },
) {
  await tx.delete(eventCustomFieldValues).where(eq(eventCustomFieldValues.registrationId, params.registrationId));
  await insertCustomValues(tx, params);
}

export async function insertCustomValues(
  tx: Tx,
  params: { registrationId: string; values: readonly { eventCustomFieldId: string; value: string }[] },
) {
  if (params.values.length) {
    await tx
      .insert(eventCustomFieldValues)
      .values(params.values.map((value) => ({ registrationId: params.registrationId, ...value })));
  }
}

/**
 * Moves a registration to `to` only if it is in one of `from` now: the WHERE is the guard, so
 * of several simultaneous presses exactly one changes the row (and the others get undefined).
 */
export async function changeState(
  db: DbOrTx,
  params: {
    id: string;
    from: readonly number[];
    to: number;
    now: Date;
    unregistrationRemarks?: string | null;
    /** Required when `to` is Pending: until when it may be confirmed. */
    expiresAt?: Date;
    /** Only if a Pending registration has not expired by then (confirming by link). */
    unexpiredAt?: Date;
  },
) {
  const isUnregistering = params.to === RegistrationState.Unregistered;
  const [row] = await db
    .update(r)
    .set({
      eventRegistrationState: params.to,
      unregisteredAt: isUnregistering ? params.now : null,
      expiresAt: params.to === RegistrationState.Pending ? (params.expiresAt ?? null) : null,
      ...(params.unregistrationRemarks !== undefined ? { unregistrationRemarks: params.unregistrationRemarks } : {}),
    })
    .where(
      and(
        eq(r.id, params.id),
        inArray(r.eventRegistrationState, [...params.from]),
        params.unexpiredAt ? or(isNull(r.expiresAt), gt(r.expiresAt, params.unexpiredAt)) : undefined,
      ),
    )
    .returning({ id: r.id });
  return row !== undefined;
}

/**
 * Staff extend a Pending registration: a new expiry, only while it is still Pending (the WHERE
 * guards against a confirm or unregister in between).
 */
export async function extendPending(db: DbOrTx, params: { id: string; expiresAt: Date; linkKeyHash: string }) {
  const [row] = await db
    .update(r)
    .set({ expiresAt: params.expiresAt, linkKeyHash: params.linkKeyHash })
    .where(and(eq(r.id, params.id), eq(r.eventRegistrationState, RegistrationState.Pending)))
    .returning({ id: r.id });
  return row !== undefined;
}

export async function setPaymentStatus(db: DbOrTx, params: { id: string; paymentStatus: number }) {
  await db.update(r).set({ paymentStatus: params.paymentStatus }).where(eq(r.id, params.id));
}

export async function deleteRegistration(db: DbOrTx, params: { id: string }) {
  await db.delete(r).where(eq(r.id, params.id));
}
