import type { Actor } from '@bpw/domain/actor';
import { checkCustomFieldValues } from '@bpw/domain/custom-field-values';
import { EventRegistrationType, RegistrationAvailability } from '@bpw/domain/enums/event';
import { registrationTypeOf } from '@bpw/domain/event-registration-type';
import type { LanguageCode } from '@bpw/domain/enums/language';
import { availabilityHintKey } from '@bpw/domain/registration-availability';
import type {
  PublicRegistrationBody,
  PublicRegistrationCreated,
  RegisteredPeople,
} from '@bpw/domain/schemas/event-registration';
import type { FeatureDeps } from '../../app';
import { isUniqueViolation } from '../../platform/db-errors';
import { hashToken, newOpaqueToken } from '../../platform/auth/secure-tokens';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { queueMail } from '../../platform/mail/outbox';
import { findFieldDefinitions } from '../event-custom-fields/event-custom-fields.service';
import { languageOrDefault, registrationLinks, renderRegistrationMail } from './registration-mails';
import { isPublicState, statusOf } from './registration-rules';
import { registrantValuesOf } from './registration-shape';
import {
  countTakenSlots,
  findOwnRegistrations,
  findRegistrationEvent,
  hasActiveRegistrationWithEmail,
  insertRegistration,
  lockRegistrationEvent,
  insertCustomValues,
} from './registration-writes.queries';
import { findConfirmedNames } from './registrations.queries';

type Deps = Pick<FeatureDeps, 'db' | 'now' | 'config' | 'outbox'>;
type Body = PublicRegistrationBody;
/** Who registers: a signed-in member (her id and language from the session) or a guest. */
export type Registrant = { actor: Actor; languageCode: LanguageCode } | null;

export const emailTaken = () => conflict('error.registrationEmailTaken');

/**
 * POST event-public/{id}/event-registration (issue 7). The event row is locked first, so the
 * slot count, the one-active-registration checks and the insert see every earlier registration
 * and no simultaneous one can slip in between. The registration starts Pending; the mail with
 * the confirm and unregister links is queued in the same transaction. The link key (256 random
 * bits) is only in the mail; the database keeps its SHA-256 hash.
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

      const taken = await countTakenSlots(tx, { eventId });
      const own = personId ? await findOwnRegistrations(tx, { eventId, personId }) : [];
      const { registration } = statusOf(event, taken, own, now);
      if (registration.mode !== RegistrationAvailability.Available) {
        throw conflict(availabilityHintKey(registration.hint));
      }

      const fields = await findFieldDefinitions(tx, eventId);
      const checked = checkCustomFieldValues(fields, body.eventCustomFieldValues, {
        audience: registrant ? 'member' : 'guest',
      });
      if (checked.issues.length) {
        throw badRequest(...checked.issues.map((i) => ({ key: `validation.${i.code}`, params: { field: i.field } })));
      }
      if (await hasActiveRegistrationWithEmail(tx, { eventId, email: body.email })) throw emailTaken();

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
      });
      await insertCustomValues(tx, { registrationId: row.id, values: checked.values });
      await queueMail(
        tx,
        renderRegistrationMail(language, {
          to: body.email,
          name: `${body.firstname} ${body.lastname}`,
          event,
          links: registrationLinks(deps.config.publicUrl, key),
        }),
      );
      return row;
    });
    deps.outbox.kick();
    return created;
  } catch (error) {
    // The unique indexes back the checks above; they answer only when two requests race past them.
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
