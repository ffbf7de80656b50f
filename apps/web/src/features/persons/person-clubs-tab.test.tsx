import type { PersonClubRelation } from '@bpw/domain/schemas/membership';
import type { PersonDetail } from '@bpw/domain/schemas/person';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n';
import { ApiError } from '../../api/api-error';
import type { PersonDetailAccess } from './person-detail-access';
import { PersonClubsTab } from './person-clubs-tab';

const api = vi.hoisted(() => ({ delete: vi.fn(), put: vi.fn(), post: vi.fn(), get: vi.fn() }));
vi.mock('../../api/api', () => ({ api }));

beforeAll(async () => {
  await i18n.changeLanguage('de-CH');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const relation = {
  id: 'r1',
  personId: 'p1',
  clubId: 'c1',
  type: 0,
  membershipTypeLabel: null,
  from: '2020-01-01',
  to: null,
  club: { id: 'c1', name: 'BPW Luzern', clubType: 0 },
} as unknown as PersonClubRelation;

describe('PersonClubsTab', { timeout: 20_000 }, () => {
  it('shows the reason the API gives for refusing to delete a relation (an erased placeholder)', async () => {
    const reason =
      'Die Daten dieser Person wurden auf ihren Wunsch oder nach Ablauf der Aufbewahrungsfrist gelöscht. Der Platzhalter zählt ihre Mitgliedschaften weiter und kann nicht mehr geändert werden.';
    api.delete.mockRejectedValue(new ApiError(409, { errors: [reason] }));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SnackbarProvider>
          <MemoryRouter>
            <PersonClubsTab
              person={{ id: 'p1', primaryClubId: 'c1' } as PersonDetail}
              access={
                {
                  canCreateAssignment: false,
                  canSetPrimaryClub: false,
                  canChangeRelation: () => true,
                } as unknown as PersonDetailAccess
              }
              relations={[relation]}
              today="2026-05-01"
              onCreate={() => undefined}
            />
          </MemoryRouter>
        </SnackbarProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Zuordnung zu BPW Luzern löschen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText(`Beim Löschen ist ein Fehler aufgetreten. ${reason}`)).toBeTruthy();
    expect(api.delete).toHaveBeenCalledWith('/person/p1/club/r1');
  });
});
