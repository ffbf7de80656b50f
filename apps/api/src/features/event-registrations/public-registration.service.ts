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
  findOwnRegistrations,
  findRegistrationEvent,
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

/**
 * POST event-public/{id}/event-registration (issue 7). The event row is locked first, so the
 * slot count, the one-active-registration checks and the insert see every earlier registration
 * and no simultaneous one can slip in between. The registration starts Pending, to be confirmed
 * within the event's registrationConfirmHours (issue 15: until then it holds a slot, after it
 * none); the mail with the confirm and unregister links is queued in the same transaction. The
 * link key (256 random bits) is only in the mail; the database keeps its SHA-256 hash.
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
  try {
    const created = await deps.db.transaction(async (tx) => {
      const event = await lockRegistrationEvent(tx, { eventId });
      if (!event || !isPublicState(event.eventState)) throw notFound();

      // Expired Pending registrations of this address or member make way for the new one.
      await deleteExpiredOf(tx, { eventId, now, email: body.email, personId });
      // Those waiting get the free places before a newcomer (issue 19: nobody is skipped).
      await advanceWaitingList(deps, tx, event, now);
      const taken = await countTakenSlots(tx, { eventId, now });
      const own = personId ? await findOwnRegistrations(tx, { eventId, personId, now }) : [];
      const { registration } = statusOf(event, taken, own, now);
      if (registration.mode !== RegistrationAvailability.Available) {
        throw conflict(availabilityHintKey(registration.hint));
      }
      // Full, with an open waiting list: she joins it, last in line (issue 19).
      const isWaiting = registration.hint === AvailabilityHint.waitingList;
      const waitingListPlace = isWaiting ? (await countWaiting(tx, { eventId })) + 1 : null;

      const fields = await findFieldDefinitions(tx, eventId);
      const checked = checkCustomFieldValues(fields, body.eventCustomFieldValues, {
        audience: registrant ? 'member' : 'guest',
      });
      if (checked.issues.length) {
        throw badRequest(...checked.issues.map((i) => ({ key: `validation.${i.code}`, params: { field: i.field } })));
      }
      const existing = await findActiveRegistrationWithEmail(tx, { eventId, email: body.email, now });
      if (existing) {
        await mailLinksAgain(deps, tx, event, existing, now);
        // The answer a new registration would get: it must not tell who is registered.
        const state = isWaiting ? RegistrationState.Waiting : RegistrationState.Pending;
        return { id: randomUUID(), eventRegistrationState: state, waitingListPlace };
      }

      const language = registrant
        ? registrant.languageCode
        : (requestLanguage ?? languageOrDefault(event.defaultLanguageCode));
      const row = await insertRegistration(tx, {
        ...registrantValuesOf(body),
        eventId,
        personId,
        languageCode: language,
        linkKeyHash: hashToken(key),
        registeredAt: now,
        expiresAt: expiryOf(event, now),
        isWaiting,
      });
      await insertCustomValues(tx, { registrationId: row.id, values: checked.values });
      await recordWebhookEvent(tx, { type: 'registration.created', registrationId: row.id, now });
      await queueMail(
        tx,
        renderRegistrationMail(language, {
          to: body.email,
          name: `${body.firstname} ${body.lastname}`,
          event,
          links: registrationLinks(deps.config.publicUrl, key),
          expiresAt: isWaiting ? null : expiryOf(event, now),
          entries: entriesOf(language, body, fields, checked.values),
          waitingListPlace,
        }),
      );
      return { ...row, waitingListPlace };
    });
    deps.outbox.kick();
    return created;
  } catch (error) {
    // The unique indexes back the checks above; they answer only when two requests race past them
    // (the event row lock serialises registrations, so hardly ever).
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
