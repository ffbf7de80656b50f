import type { Actor } from '@bpw/domain/actor';
import type { FeatureDeps } from '../../platform/feature-deps';
import { AppError } from '../../platform/errors';
import { getRegistrationAsStaff } from '../event-registrations/staff-registrations.service';
import { getInvoiceForWebhook } from '../invoices/invoice-webhook.service';
import { listClubsOfPerson } from '../memberships/memberships.service';
import { getPersonById } from '../persons/persons.service';

/** No person has this id: the subscriber never counts as the person herself. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/**
 * Whom a subscription acts as when its payload is read: the association's as an administrator,
 * a club's as that club's managers (database and events responsible) and nothing more.
 */
export function subscriberActor(clubId: string | null): Actor {
  if (clubId === null) {
    return {
      personId: NOBODY,
      isAdmin: true,
      isCentralCommittee: true,
      clubManagerOf: [],
      eventManagerOf: [],
      memberOf: [],
    };
  }
  return {
    personId: NOBODY,
    isAdmin: false,
    isCentralCommittee: false,
    clubManagerOf: [clubId],
    eventManagerOf: [clubId],
    memberOf: [],
  };
}

export type MessageToSend = {
  eventType: string;
  resourceType: string;
  resourceId: string;
  clubId: string | null;
  occurredAt: Date;
};

const isGone = (error: unknown) =>
  error instanceof AppError && (error.code === 'NotFound' || error.code === 'Forbidden');

/**
 * The body of a delivery, built when it is sent (docs/decisions/webhooks.md): the resource as the
 * API's GET answers it to the subscriber now, through that feature's own service. A resource the
 * subscriber can no longer see (deleted, archived out of her sight) is sent as its id only.
 */
export async function buildPayload(deps: FeatureDeps, subscriptionClubId: string | null, message: MessageToSend) {
  const actor = subscriberActor(subscriptionClubId);
  let data: unknown;
  try {
    if (message.eventType === 'membership.changed') {
      const relations = await listClubsOfPerson(deps, actor, message.resourceId);
      data = {
        personId: message.resourceId,
        clubId: message.clubId,
        relations: relations.filter((relation) => relation.clubId === message.clubId),
      };
    } else if (message.resourceType === 'registration') {
      data = await getRegistrationAsStaff(deps, actor, message.resourceId);
    } else if (message.resourceType === 'invoice') {
      data = await getInvoiceForWebhook(deps, actor, message.resourceId);
    } else {
      data = await getPersonById(deps, actor, message.resourceId);
    }
  } catch (error) {
    if (!isGone(error)) throw error;
    data =
      message.eventType === 'membership.changed'
        ? { personId: message.resourceId, clubId: message.clubId, relations: [] }
        : { id: message.resourceId };
  }
  return JSON.stringify({
    type: message.eventType,
    timestamp: message.occurredAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    data,
  });
}
