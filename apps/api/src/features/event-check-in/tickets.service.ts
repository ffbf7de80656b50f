import type { Actor } from '@bpw/domain/actor';
import type { LanguageCode } from '@bpw/domain/enums/language';
import { RegistrationState } from '@bpw/domain/enums/registration';
import type { Ticket } from '@bpw/domain/schemas/event-check-in';
import type { FeatureDeps } from '../../platform/feature-deps';
import { conflict } from '../../platform/errors';
import { getRegistrationByLink } from '../event-registrations/registration-link.service';
import { renderTicketPdf, ticketQrSvgDataUrl } from './ticket-documents';
import { ticketKey, ticketTokenOf } from './ticket-token';

/**
 * Tickets (issue 19): a Confirmed registration has one. The holder of the registration's link
 * (or its signed-in owner) sees it on the confirmation page and downloads the PDF; the mail
 * goes out when the registration becomes Confirmed (ticket-mail.service.ts).
 */
type Deps = Pick<FeatureDeps, 'db' | 'now' | 'config' | 'outbox' | 'realtime'>;

async function confirmedByLink(deps: Deps, actor: Actor | null, keyOrId: string) {
  const registration = await getRegistrationByLink(deps, actor, keyOrId);
  if (registration.eventRegistrationState !== RegistrationState.Confirmed) throw conflict('error.ticketNotConfirmed');
  return { registration, token: ticketTokenOf(await ticketKey(deps.db), registration.id) };
}

/** GET event-registration-public/{keyOrId}/ticket */
export async function getTicket(deps: Deps, actor: Actor | null, keyOrId: string): Promise<Ticket> {
  const { token } = await confirmedByLink(deps, actor, keyOrId);
  return { token, qrCode: await ticketQrSvgDataUrl(token) };
}

/** GET event-registration-public/{keyOrId}/ticket.pdf, in the reader's language. */
export async function getTicketPdf(deps: Deps, actor: Actor | null, keyOrId: string, language: LanguageCode) {
  const { registration, token } = await confirmedByLink(deps, actor, keyOrId);
  const event = registration.event;
  const pdf = await renderTicketPdf(language, {
    token,
    firstname: registration.firstname,
    lastname: registration.lastname,
    event: { title: event.title, eventFrom: new Date(event.eventFrom), location: event.location },
  });
  return { pdf, eventTitle: event.title };
}
