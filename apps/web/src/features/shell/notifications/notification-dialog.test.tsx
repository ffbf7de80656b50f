import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notification, NotificationList } from '@bpw/domain/schemas/notification';
import '../../../i18n/i18n';
import { NotificationDialog } from './notification-dialog';

const api = vi.hoisted(() => ({ put: vi.fn(), get: vi.fn(), post: vi.fn() }));
vi.mock('../../../api/api', () => ({ api }));

beforeAll(async () => {
  await i18n.changeLanguage('de-CH');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const notification = (index: number, overrides: Partial<Notification> = {}): Notification => ({
  id: `n${index}`,
  title: `Titel ${index}`,
  content: `<p>Inhalt <strong>${index}</strong></p><script>window.bad = true</script>`,
  createdAt: '2026-03-05T09:30:00Z',
  notificationType: 2,
  eventId: null,
  isRead: false,
  channel: 2,
  ...overrides,
});

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderDialog(list: NotificationList, page = 0, path = '/persons') {
  const onPageChange = vi.fn();
  const onClose = vi.fn();
  const onReload = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <SnackbarProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path="*"
              element={
                <>
                  <Where />
                  <NotificationDialog
                    open
                    onClose={onClose}
                    personId="p1"
                    list={list}
                    isFetching={false}
                    page={page}
                    perPage={5}
                    onPageChange={onPageChange}
                    onReload={onReload}
                  />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return { onPageChange, onClose, onReload };
}

describe('NotificationDialog', { timeout: 20_000 }, () => {
  it('lists type, title and the sanitised content, with at most 5 page links', () => {
    const items = [1, 2, 3, 4, 5].map((index) => notification(index));
    const { onPageChange } = renderDialog({ items, total: 42 }, 4);

    const dialog = screen.getByRole('dialog', { name: 'Benachrichtigungen' });
    expect(within(dialog).getByText('Ungelesen: 42')).toBeTruthy();
    expect(within(dialog).getAllByText('Anlass veröffentlicht')).toHaveLength(5);
    expect(within(dialog).getByRole('heading', { level: 3, name: 'Titel 1' })).toBeTruthy();
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.querySelector('strong')?.textContent).toBe('1');

    const pager = within(dialog).getByRole('navigation', { name: 'Seiten der Benachrichtigungen' });
    const pages = within(pager).getAllByRole('button', { name: /^Seite \d+$/ });
    expect(pages.map((button) => button.textContent)).toEqual(['3', '4', '5', '6', '7']);
    expect(within(pager).getByRole('button', { name: 'Seite 5' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(pager).getByRole('button', { name: 'Seite 7' }));
    expect(onPageChange).toHaveBeenCalledWith(6);
  });

  it('shows the empty text and disables mark-all at 0', () => {
    renderDialog({ items: [], total: 0 });
    expect(screen.getByText('Keine ungelesenen Benachrichtigungen.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Alle als gelesen markieren' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(screen.queryByRole('navigation', { name: 'Seiten der Benachrichtigungen' })).toBeNull();
  });

  it('marks one as read, and all after confirming', async () => {
    api.put.mockResolvedValue({ count: 1 });
    renderDialog({ items: [notification(1)], total: 1 });

    fireEvent.click(screen.getByRole('button', { name: '«Titel 1» als gelesen markieren' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/notification/n1/is-read'));

    fireEvent.click(screen.getByRole('button', { name: 'Alle als gelesen markieren' }));
    const confirm = screen.getByRole('dialog', { name: 'Alle als gelesen markieren' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Alle als gelesen markieren' }));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/notification', { personId: 'p1', channel: 2 }));
  });

  it('opens the event page of a notification, unless already there', () => {
    const item = notification(1, { eventId: 'e1' });
    const first = renderDialog({ items: [item], total: 1 });
    fireEvent.click(screen.getByRole('link', { name: 'Titel 1' }));
    expect(screen.getByTestId('where').textContent).toBe('/events-public/e1');
    expect(first.onClose).toHaveBeenCalled();
    cleanup();

    renderDialog({ items: [item], total: 1 }, 0, '/events-public/e1');
    const link = screen.getByRole('link', { name: 'Titel 1' });
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByTestId('where').textContent).toBe('/events-public/e1');
  });
});
