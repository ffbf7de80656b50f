import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../../i18n/i18n';
import { UnsubscribePage } from './unsubscribe-page';

const api = vi.hoisted(() => ({ post: vi.fn(), get: vi.fn() }));
vi.mock('../../api/api', () => ({ api }));

beforeEach(async () => {
  await i18nReady;
  await i18n.changeLanguage('de-CH');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/unsubscribe/1.token']}>
        <Routes>
          <Route path="/unsubscribe/:token" element={<UnsubscribePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const info = (language: string | null) => ({ listName: 'Stamm', clubName: 'BPW Luzern', isSubscribed: true, language });

describe('unsubscribe page (issue 18)', () => {
  it("speaks the recipient's language the answer names, and leaves the switcher the last word", async () => {
    api.get.mockResolvedValue(info('fr'));
    renderPage();
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Se désinscrire de la liste de diffusion' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith('/mailing-unsubscribe/1.token', undefined, expect.anything());
    expect(screen.getByRole('button', { name: 'Me désinscrire' })).toBeTruthy();
    // She picks English afterwards: the page does not switch back.
    await act(() => i18n.changeLanguage('en-US'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unsubscribe from the mailing list' }, { timeout: 5000 }),
    ).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(i18n.language).toBe('en-US');
  });

  it('keeps the visitor’s language when the answer names none', async () => {
    api.get.mockResolvedValue(info(null));
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Von der Verteilerliste abmelden' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Abmelden' })).toBeTruthy();
    expect(i18n.language).toBe('de-CH');
  });
});
