import type { LanguageCode } from '@bpw/domain/enums/language';
import { languageCodeEnum } from '@bpw/domain/enums/language';
import type { Tx } from '../../db/client';
import type { FeatureDeps } from '../../platform/feature-deps';
import { queueMail } from '../../platform/mail/outbox';
import { findTicketRegistration } from './check-in.queries';
import { renderTicketMail } from './ticket-documents';
import { ticketKey, ticketTokenOf } from './ticket-token';

const languageOf = (code: string): LanguageCode => (languageCodeEnum.is(code) ? code : 'de');

/**
 * Queues the ticket mail in the transaction that confirms the registration (outbox: sent only
 * if it commits). A member's mail links to the confirmation page, which she opens signed in; a
 * guest's link key is not kept, so her mail carries the ticket alone.
 */
export async function queueTicketMail(deps: Pick<FeatureDeps, 'db' | 'config'>, tx: Tx, registrationId: string) {
  const registration = await findTicketRegistration(tx, { id: registrationId });
  if (!registration) return;
  const token = ticketTokenOf(
    await ticketKey(deps.db) /* read at start-up (event-check-in.routes.ts): no query here */,
    registration.id,
  );
  const pageLink = registration.personId
    ? `${deps.config.publicUrl}/event-registration-public/${registration.id}/confirm`
    : null;
  await queueMail(
    tx,
    await renderTicketMail(languageOf(registration.languageCode), {
      to: registration.email,
      token,
      firstname: registration.firstname,
      lastname: registration.lastname,
      event: { title: registration.eventTitle, eventFrom: registration.eventFrom, location: registration.location },
      pageLink,
    }),
  );
}
