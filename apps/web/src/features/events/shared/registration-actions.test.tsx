import { EventState, EventRegistrationType } from '@bpw/domain/enums/event';
import { RegistrationState } from '@bpw/domain/enums/registration';
import { registrationStatusOf, type OwnRegistration } from '@bpw/domain/registration-availability';
import { cleanup, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import '../../../i18n/i18n';
import type { PublicEventDetail } from './public-event';
import { RegistrationActions } from './registration-actions';

beforeAll(async () => {
  await i18n.changeLanguage('de-CH');
});
afterEach(cleanup);

const now = new Date('2026-03-01T12:00:00Z');

function eventWith(overrides: Partial<PublicEventDetail>, own: OwnRegistration[] = []): PublicEventDetail {
  const base = {
    id: 'e1',
    title: 'Clubabend',
    eventState: EventState.OpenForRegistration,
    eventCategories: [],
    eventFrom: '2026-03-20T17:00:00Z',
    eventTo: null,
    registrationSlots: 0,
    availableRegistrationSlots: null,
    registrationType: EventRegistrationType.UnlimitedSlots,
    registrationTo: null,
    unregistrationTo: null,
    externalRegistrationUrl: null,
    contactDetails: null,
    isRegistrationListPublic: false,
    location: 'Zunfthaus',
    address1: null,
    address2: null,
    street: 'Münsterhof 20',
    zip: '8001',
    city: 'Zürich',
    county: null,
    state: null,
    countryCode: 'CH',
    teaserText: 'Teaser',
    description: null,
    cost: null,
    defaultLanguageCode: 'de',
    geoCodingStatus: 0,
    lat: null,
    long: null,
    responsibleClubId: 'c1',
    responsibleClub: { id: 'c1', name: 'BPW Zürich' },
    eventImageId: null,
    canManage: false,
    ...overrides,
  } as Omit<PublicEventDetail, 'registrationStatus'>;
  return { ...base, registrationStatus: registrationStatusOf(base, own, now) } as PublicEventDetail;
}

const renderActions = (event: PublicEventDetail, isSignedIn = false) =>
  render(
    <MemoryRouter>
      <RegistrationActions event={event} isSignedIn={isSignedIn} />
    </MemoryRouter>,
  );

describe('RegistrationActions', { timeout: 20_000 }, () => {
  it('offers the registration page while registration is open', () => {
    renderActions(eventWith({ registrationTo: '2026-03-10T12:00:00Z' }));
    expect(screen.getByRole('link', { name: 'Zum Anlass anmelden' }).getAttribute('href')).toBe(
      '/events-public/e1/register',
    );
    expect(screen.getByTestId('availability-registration').textContent).toMatch(
      /^Anmeldung: Möglich bis .*10\.03\.2026/,
    );
    // A visitor is not told "not registered".
    expect(screen.queryByTestId('availability-unregistration')).toBeNull();
  });

  it('shows one message and a disabled button before registration opens', () => {
    renderActions(eventWith({ eventState: EventState.Published }), true);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Anmeldung: Die Anmeldung ist noch nicht geöffnet.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Zum Anlass anmelden' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers the external registration only, as a link to the URL', () => {
    renderActions(
      eventWith({
        externalRegistrationUrl: 'https://example.ch/anmeldung',
        registrationSlots: null,
        registrationType: EventRegistrationType.ExternalRegistration,
      }),
    );
    const link = screen.getByRole('link', { name: 'Zur externen Anmeldung' });
    expect(link.getAttribute('href')).toBe('https://example.ch/anmeldung');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('link', { name: 'Zum Anlass anmelden' })).toBeNull();
    expect(screen.getByText('Die Anmeldung erfolgt extern.')).toBeTruthy();
  });

  it('says that no registration is needed, without buttons', () => {
    renderActions(eventWith({ registrationSlots: null, registrationType: EventRegistrationType.NoRegistration }));
    expect(screen.getByText('Für diesen Anlass ist keine Anmeldung nötig.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('lets a registered member unregister by her registration id, and says she is registered', () => {
    renderActions(eventWith({}, [{ id: 'r1', eventRegistrationState: RegistrationState.Pending }]), true);
    expect(screen.getByText('Anmeldung: Sie sind bereits angemeldet.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Zum Anlass anmelden' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Vom Anlass abmelden' }).getAttribute('href')).toBe(
      '/event-registration-public/r1/unregister',
    );
  });

  it('disables registration of a full event and shows the manage button to its managers', () => {
    renderActions(
      eventWith({
        registrationSlots: 10,
        availableRegistrationSlots: 0,
        registrationType: EventRegistrationType.LimitedSlots,
        canManage: true,
      }),
      true,
    );
    expect(screen.getByText('Anmeldung: Der Anlass ist ausgebucht.')).toBeTruthy();
    expect(screen.getByText('Abmeldung: Sie sind nicht angemeldet.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Zum Anlass anmelden' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Anlass verwalten' }).getAttribute('href')).toBe('/events/e1');
  });
});
