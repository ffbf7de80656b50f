import { randomUUID } from 'node:crypto';
import type { Actor } from '@bpw/domain/actor';
import { checkCustomFieldValues } from '@bpw/domain/custom-field-values';
import { EventRegistrationType, RegistrationAvailability } from '@bpw/domain/enums/event';
import { registrationTypeOf } from '@bpw/domain/event-registration-type';
import { type LanguageCode, localeOfLanguage } from '@bpw/domain/enums/language';
import { RegistrationState } from '@bpw/domain/enums/registration';
import { AvailabilityHint, availabilityHintKey } from '@bpw/domain/registration-availability';
import type {
  PublicRegistrationBody,
  PublicRegistrationCreated,
  RegisteredPeople,
} from '@bpw/domain/schemas/event-registration';
import type { FeatureDeps } from '../../platform/feature-deps';
import type { Tx } from '../../db/client';
import { releaseLocksBeforeFlush, waitUntilDurable } from '../../db/early-release';
import { isUniqueViolation } from '../../platform/db-errors';
import { hashToken, newOpaqueToken } from '../../platform/auth/secure-tokens';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { queueMail } from '../../platform/mail/outbox';
import { findFieldDefinitions } from '../event-custom-fields/event-custom-fields.service';
import {
  type MailEntry,
  languageOrDefault,
  registrationLinks,
  renderLinksAgainMail,
  renderRegistrationMail,
} from './registration-mails';
import { isPublicState, statusOf } from './registration-rules';
import { registrantValuesOf } from './registration-shape';
import {
  type RegistrationEventRow,
  countTakenSlots,
  findActiveRegistrationWithEmail,
  findRegistrationEvent,
  findRegistrationFacts,
  lockRegistrationEvent,
} from './registration-checks.queries';
import { findConfirmedNames } from './registration-reads.queries';
import { deleteExpiredOf, insertCustomValues, insertRegistration, renewLink } from './registration-writes.queries';
import { advanceWaitingList } from './waiting-list.service';
import { countWaiting, findWaitingPlaces } from './waiting-list.queries';
import { recordWebhookEvent } from '../webhooks/webhook-events.service';

type Deps = Pick<FeatureDeps, 'db' | 'now' | 'config' | 'outbox'>;
type Body = PublicRegistrationBody;
/** Who registers: a signed-in member (her id and language from the session) or a guest. */
export type Registrant = { actor: Actor; languageCode: LanguageCode } | null;

export const emailTaken = () => conflict('error.registrationEmailTaken');

const HOUR_MS = 3_600_000;
/** Until when a registration made (or mailed again) at `now` may be confirmed (issue 15). */
export const expiryOf = (event: Pick<RegistrationEventRow, 'registrationConfirmHours'>, now: Date) =>
  new Date(now.getTime() + event.registrationConfirmHours * HOUR_MS);

/** A repeated registration mails the links again at most once per registration in this time. */
export const REPEATED_REGISTRATION_MAIL_INTERVAL_MS = 10 * 60_000;

/** The registrant's free texts, as the registration mail quotes them back to her. */
function entriesOf(
  language: LanguageCode,
  body: Body,
  fields: readonly { id: string; title: string }[],
  values: readonly { eventCustomFieldId: string; value: string }[],
): MailEntry[] {
  const locale = localeOfLanguage[language];
  const entries: MailEntry[] = [
    { label: translate(locale, 'mail.eventRegistration.entryName'), value: `${body.firstname} ${body.lastname}` },
  ];
  if (body.remarks) entries.push({ label: translate(locale, 'field.remarks'), value: body.remarks });
  for (const value of values) {
    const field = fields.find((f) => f.id === value.eventCustomFieldId);
    if (field) entries.push({ label: field.title, value: value.value });
  }
  return entries;
}

/**
 * A registration for an address that already has an active one (issue 15): the caller learns
 * nothing of it, the owner of the address gets her links again (a new key, and a Pending one a
 * new time to confirm), at most once per REPEATED_REGISTRATION_MAIL_INTERVAL_MS.
 */
async function mailLinksAgain(
  deps: Deps,
  tx: Tx,
  event: RegistrationEventRow,
  existing: NonNullable<Awaited<ReturnType<typeof findActiveRegistrationWithEmail>>>,
  now: Date,
) {
  const lastMailed = existing.linksResentAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  if (now.getTime() - lastMailed < REPEATED_REGISTRATION_MAIL_INTERVAL_MS) return;
  const key = newOpaqueToken();
  const isPending = existing.eventRegistrationState === RegistrationState.Pending;
  const expiresAt = isPending ? expiryOf(event, now) : null;
  await renewLink(tx, { id: existing.id, linkKeyHash: hashToken(key), expiresAt, linksResentAt: now });
  const places = await findWaitingPlaces(tx, [existing]);
  await queueMail(
    tx,
    renderLinksAgainMail({
      publicUrl: deps.config.publicUrl,
      registration: existing,
      event,
      key,
      expiresAt,
      isRepeated: true,
      waitingListPlace: places.get(existing.id) ?? null,
    }),
  );
}

/** The registration's transaction found it needs the event's exclusive lock: it starts again with it. */
class NeedsExclusiveLock extends Error {}

/**
 * POST event-public/{id}/event-registration (issue 7). The registration starts Pending, to be
 * confirmed within the event's registrationConfirmHours (issue 15: until then it holds a slot,
 * after it none); the mail with the confirm and unregister links is queued in the same
 * transaction. The link key (256 random bits) is only in the mail; the database keeps its SHA-256
 * hash.
 *
 * The event row is locked before anything that depends on the slots is read, so the slot count,
 * the one-active-registration checks and the insert see every earlier registration and no
 * simultaneous one can slip in between. What does not depend on them is done before the lock
 * (issue 24, docs/decisions/event-registrations.md "Registering under a crowd"): the event and its
 * fields read, the custom values checked, the address's expired registration removed, the key
 * made and the mail rendered; after it one statement reads what the rules decide on, then the
 * writes. An event without a slot limit is locked FOR SHARE (its registrations run side by side);
 * a limited one, or one with people waiting, FOR UPDATE (one after another).
 *
 * An address that already has an active registration gets the same answer as a new one (a fresh
 * random id, Pending) and nothing is stored but a new link for its owner: the form must not tell
 * a stranger who is registered (issue 15, docs/decisions/registration-privacy.md).
 */
export async function registerForEvent(
  deps: Deps,
  registrant: Registrant,
  requestLanguage: LanguageCode | undefined,
  eventId: string,
  body: Body,
): Promise<PublicRegistrationCreated> {
  const key = newOpaqueToken();
  const now = deps.now();
  const personId = registrant?.actor.personId ?? null;

  // Before the lock: nothing here depends on the other registrations.
  const [seen, fields] = await Promise.all([
    findRegistrationEvent(deps.db, { eventId }),
    findFieldDefinitions(deps.db, eventId),
    // Expired Pending registrations of this address or member make way for the new one (what the
    // expiry job does too, without the event's lock: an expired one holds nothing).
    deleteExpiredOf(deps.db, { eventId, now, email: body.email, personId }),
  ]);
  if (!seen || !isPublicState(seen.eventState)) throw notFound();
  const checked = checkCustomFieldValues(fields, body.eventCustomFieldValues, {
    audience: registrant ? 'member' : 'guest',
  });
  if (checked.issues.length) {
    throw badRequest(...checked.issues.map((i) => ({ key: `validation.${i.code}`, params: { field: i.field } })));
  }
  const language = registrant
    ? registrant.languageCode
    : (requestLanguage ?? languageOrDefault(seen.defaultLanguageCode));
  const linkKeyHash = hashToken(key);
  const mailOf = (event: RegistrationEventRow, waitingListPlace: number | null) =>
    renderRegistrationMail(language, {
      to: body.email,
      name: `${body.firstname} ${body.lastname}`,
      event,
      links: registrationLinks(deps.config.publicUrl, key),
      expiresAt: waitingListPlace === null ? expiryOf(event, now) : null,
      entries: entriesOf(language, body, fields, checked.values),
      waitingListPlace,
    });
  // The mail of a new Pending registration, as it is in nearly every case.
  const pendingMail = mailOf(seen, null);
  const sameAsSeen = (event: RegistrationEventRow) => JSON.stringify(event) === JSON.stringify(seen);

  const attempt = (shared: boolean) =>
    deps.db.transaction(async (tx) => {
      // One at a time on a limited event: the next may go once this commit is written.
      if (!shared) await releaseLocksBeforeFlush(tx);
      const event = await lockRegistrationEvent(tx, { eventId, shared });
      if (!event || !isPublicState(event.eventState)) throw notFound();
      const isLimited = registrationTypeOf(event) === EventRegistrationType.LimitedSlots;
      // Shared holds only for an event without slots; it became limited since it was read.
      if (shared && registrationTypeOf(event) !== EventRegistrationType.UnlimitedSlots) throw new NeedsExclusiveLock();
      let facts = await findRegistrationFacts(tx, { eventId, now, email: body.email, personId, countSlots: isLimited });
      // Those waiting get the free places before a newcomer (issue 19: nobody is skipped). The
      // address's registration is mailed its links again: both one at a time.
      if (shared && (facts.hasWaiting || facts.existingId)) throw new NeedsExclusiveLock();
      if (facts.hasWaiting && (await advanceWaitingList(deps, tx, event, now)) > 0) {
        facts = { ...facts, taken: await countTakenSlots(tx, { eventId, now }) };
      }
      const { registration } = statusOf(event, facts.taken, facts.own, now);
      if (registration.mode !== RegistrationAvailability.Available) {
        throw conflict(availabilityHintKey(registration.hint));
      }
      // Full, with an open waiting list: she joins it, last in line (issue 19).
      const isWaiting = registration.hint === AvailabilityHint.waitingList;
      const waitingListPlace = isWaiting ? (await countWaiting(tx, { eventId })) + 1 : null;

      if (facts.existingId) {
        const existing = await findActiveRegistrationWithEmail(tx, { eventId, email: body.email, now });
        if (existing) await mailLinksAgain(deps, tx, event, existing, now);
        // The answer a new registration would get: it must not tell who is registered.
        const state = isWaiting ? RegistrationState.Waiting : RegistrationState.Pending;
        return { id: randomUUID(), eventRegistrationState: state, waitingListPlace };
      }

      const row = await insertRegistration(tx, {
        ...registrantValuesOf(body),
        eventId,
        personId,
        languageCode: language,
        linkKeyHash,
        registeredAt: now,
        expiresAt: expiryOf(event, now),
        isWaiting,
      });
      await insertCustomValues(tx, { registrationId: row.id, values: checked.values });
      await recordWebhookEvent(tx, { type: 'registration.created', registrationId: row.id, now });
      await queueMail(tx, isWaiting || !sameAsSeen(event) ? mailOf(event, waitingListPlace) : pendingMail);
      return { ...row, waitingListPlace };
    });

  const isUnlimited = registrationTypeOf(seen) === EventRegistrationType.UnlimitedSlots;
  try {
    let created: PublicRegistrationCreated;
    let isExclusive = !isUnlimited;
    try {
      created = await attempt(isUnlimited);
    } catch (error) {
      // Again with the exclusive lock: what the shared one may not do, and an address or member
      // registered by a simultaneous request (the unique indexes answered), which the exclusive
      // lock then sees and answers as above.
      const isRetried = error instanceof NeedsExclusiveLock || (isUnlimited && isUniqueViolation(error));
      if (!isRetried) throw error;
      isExclusive = true;
      created = await attempt(false);
    }
    // The exclusive attempt committed without waiting for the disk: she hears of it once it is there.
    if (isExclusive) await waitUntilDurable(deps.db);
    deps.outbox.kick();
    return created;
  } catch (error) {
    // The unique indexes back the checks above; they answer only when two requests race past them
    // (the event row lock serialises registrations to a limited event, so hardly ever).
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/**
 * GET event-public/{id}/registered-people (spec 02 §2 "Public event detail"): for signed-in
 * users, when the registration is not external and its list is public; Confirmed ones only.
 */
export async function listRegisteredPeople(deps: Pick<FeatureDeps, 'db'>, eventId: string): Promise<RegisteredPeople> {
  const event = await findRegistrationEvent(deps.db, { eventId });
  if (!event || !isPublicState(event.eventState)) throw notFound();
  const isExternal = registrationTypeOf(event) === EventRegistrationType.ExternalRegistration;
  if (isExternal || !event.isRegistrationListPublic) throw forbidden('error.registrationListNotPublic');
  const items = await findConfirmedNames(deps.db, { eventId });
  return { items, total: items.length };
}
