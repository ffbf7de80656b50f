import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n/i18n';
import { authStore } from '../../../lib/auth-store';
import { NotificationBell } from '../notification-bell';

const api = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn(), post: vi.fn() }));
vi.mock('../../../api/api', () => ({ api }));

beforeAll(async () => {
  await i18n.changeLanguage('de-CH');
});
beforeEach(() => authStore.set({ token: 'x.e30.y', refreshToken: 'r', personId: 'p1' }));
afterEach(() => {
  cleanup();
  authStore.clear();
  vi.clearAllMocks();
});

const item = (id: string) => ({
  id,
  title: `Titel ${id}`,
  content: '<p>Text</p>',
  createdAt: '2026-03-05T09:30:00Z',
  notificationType: 1,
  eventId: null,
  isRead: false,
  channel: 2,
});

function renderBell() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SnackbarProvider>
        <MemoryRouter>
          <NotificationBell />
        </MemoryRouter>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

describe('NotificationBell', { timeout: 20_000 }, () => {
  it('is info while loading, then error with the unread count', async () => {
    let answer: (value: unknown) => void = () => undefined;
    api.get.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderBell();
    const loading = screen.getByRole('button', { name: 'Benachrichtigungen werden geladen' });
    expect(loading.dataset.state).toBe('info');

    answer({ items: [item('a')], total: 7 });
    const bell = await screen.findByRole('button', { name: 'Benachrichtigungen: 7 ungelesen' });
    expect(bell.dataset.state).toBe('error');
    expect(bell.textContent).toContain('7');
    expect(api.get).toHaveBeenCalledWith(
      '/notification',
      expect.objectContaining({
        PersonId: 'p1',
        IsRead: false,
        Channel: 2,
        SortBy: 'createdAt',
        SortDesc: true,
        Page: 0,
        PerPage: 5,
      }),
      expect.anything(),
    );
  });

  it('is success at 0', async () => {
    api.get.mockResolvedValue({ items: [], total: 0 });
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Benachrichtigungen: 0 ungelesen' });
    expect(bell.dataset.state).toBe('success');
  });

  it('falls back by one page when the current page is past the last one', async () => {
    api.get.mockImplementation((_path: string, query: { Page: number }) =>
      Promise.resolve(
        query.Page === 0
          ? { items: [1, 2, 3, 4, 5].map((n) => item(`a${n}`)), total: 6 }
          : { items: [item('b1')], total: 6 },
      ),
    );
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Benachrichtigungen: 6 ungelesen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Seite 2' }));
    await screen.findByText('Titel b1');

    // The last notification of page 2 was read elsewhere: page 2 no longer exists.
    api.get.mockResolvedValue({ items: [], total: 5 });
    fireEvent.click(screen.getByRole('button', { name: 'Neu laden' }));
    await waitFor(() =>
      expect(api.get).toHaveBeenLastCalledWith(
        '/notification',
        expect.objectContaining({ Page: 0 }),
        expect.anything(),
      ),
    );
  });
});
