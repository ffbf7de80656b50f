import { activeRegistrationStates, RegistrationState } from '@bpw/domain/enums/registration';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { events } from '../../db/schema/events';
import { eventCustomFieldValues, eventRegistrations } from '../../db/schema/registrations';

const r = eventRegistrations;
const active = [...activeRegistrationStates];

const eventColumns = {
  id: events.id,
  title: events.title,
  eventState: events.eventState,
  eventFrom: events.eventFrom,
  registrationSlots: events.registrationSlots,
  registrationTo: events.registrationTo,
  unregistrationTo: events.unregistrationTo,
  externalRegistrationUrl: events.externalRegistrationUrl,
  isRegistrationListPublic: events.isRegistrationListPublic,
  defaultLanguageCode: events.defaultLanguageCode,
  location: events.location,
  responsibleClubId: events.responsibleClubId,
};
export type RegistrationEventRow = {
  [K in keyof typeof eventColumns]: (typeof eventColumns)[K]['_']['notNull'] extends true
    ? (typeof eventColumns)[K]['_']['data']
    : (typeof eventColumns)[K]['_']['data'] | null;
};

export async function findRegistrationEvent(db: DbOrTx, params: { eventId: string }) {
  const [row] = await db.select(eventColumns).from(events).where(eq(events.id, params.eventId));
  return row as RegistrationEventRow | undefined;
}

/**
 * The event row, locked until the transaction ends (DESIGN "Data rules"): every registration
 * that may take a slot waits here, so the slot count it reads next cannot change under it.
 */
export async function lockRegistrationEvent(tx: Tx, params: { eventId: string }) {
  const [row] = await tx.select(eventColumns).from(events).where(eq(events.id, params.eventId)).for('update');
  return row as RegistrationEventRow | undefined;
}

/** Pending and Confirmed registrations take a slot (spec 02 §4). */
export async function countTakenSlots(db: DbOrTx, params: { eventId: string; exceptId?: string }) {
  const [row] = await db
    .select({ n: count() })
    .from(r)
    .where(
      and(
        eq(r.eventId, params.eventId),
        inArray(r.eventRegistrationState, active),
        params.exceptId ? ne(r.id, params.exceptId) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** A person's registrations of an event, for the availability rules. */
export async function findOwnRegistrations(db: DbOrTx, params: { eventId: string; personId: string }) {
  return db
    .select({ id: r.id, eventRegistrationState: r.eventRegistrationState })
    .from(r)
    .where(and(eq(r.eventId, params.eventId), eq(r.personId, params.personId)));
}

/** Whether another active registration of the event uses this e-mail address (citext: any case). */
export async function hasActiveRegistrationWithEmail(
  db: DbOrTx,
  params: { eventId: string; email: string; exceptId?: string },
) {
  const [row] = await db
    .select({ id: r.id })
    .from(r)
    .where(
      and(
        eq(r.eventId, params.eventId),
        eq(r.email, params.email),
        inArray(r.eventRegistrationState, active),
        params.exceptId ? ne(r.id, params.exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
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
  },
) {
  const [row] = await tx
    .insert(r)
    .values({ ...values, eventRegistrationState: RegistrationState.Pending })
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
  params: { id: string; from: readonly number[]; to: number; now: Date; unregistrationRemarks?: string | null },
) {
  const isUnregistering = params.to === RegistrationState.Unregistered;
  const [row] = await db
    .update(r)
    .set({
      eventRegistrationState: params.to,
      unregisteredAt: isUnregistering ? params.now : null,
      ...(params.unregistrationRemarks !== undefined ? { unregistrationRemarks: params.unregistrationRemarks } : {}),
    })
    .where(and(eq(r.id, params.id), inArray(r.eventRegistrationState, [...params.from])))
    .returning({ id: r.id });
  return row !== undefined;
}

export async function setPaymentStatus(db: DbOrTx, params: { id: string; paymentStatus: number }) {
  await db.update(r).set({ paymentStatus: params.paymentStatus }).where(eq(r.id, params.id));
}

export async function deleteRegistration(db: DbOrTx, params: { id: string }) {
  await db.delete(r).where(eq(r.id, params.id));
}
