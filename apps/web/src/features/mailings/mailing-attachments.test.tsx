import type { Mailing } from '@bpw/domain/schemas/mailing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { SnackbarProvider } from 'notistack';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n';
import texts from './i18n/de-CH.json';
import { MailingAttachments } from './mailing-attachments';

const api = vi.hoisted(() => ({ post: vi.fn(), delete: vi.fn(), get: vi.fn() }));
vi.mock('../../api/api', () => ({ api }));

beforeAll(async () => {
  await i18n.changeLanguage('de-CH');
  i18n.addResourceBundle('de-CH', 'translation', texts, true, false);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const mailing = (byteSize: number) =>
  ({
    id: 'm1',
    attachments: [{ id: 'a1', filename: 'flyer.pdf', contentType: 'application/pdf', byteSize }],
  }) as Mailing;

function renderAttachments(used: number) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SnackbarProvider>
        <MailingAttachments mailing={mailing(used)} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return screen.getByLabelText('Datei anhängen', { selector: 'input' });
}

const fileOf = (name: string, bytes: number) => {
  const file = new File(['x'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};

describe('mailing attachments', () => {
  it('refuses a file that would pass 10 MB in all, with the sizes, before uploading', async () => {
    const input = renderAttachments(4 * 1024 * 1024);
    fireEvent.change(input, { target: { files: [fileOf('gross.pdf', 7 * 1024 * 1024)] } });
    expect(await screen.findByText(/«gross\.pdf» \(7 MB\) ist zu gross/)).toBeTruthy();
    expect(screen.getByText(/frei sind noch 6 MB/)).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('uploads a file that fits', async () => {
    api.post.mockResolvedValue({ id: 'a2', filename: 'klein.pdf', contentType: 'application/pdf', byteSize: 10 });
    const input = renderAttachments(1024);
    fireEvent.change(input, { target: { files: [fileOf('klein.pdf', 10)] } });
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/mailing/m1/attachment', expect.any(FormData)));
    expect(await screen.findByText('Anhang hinzugefügt.')).toBeTruthy();
  });
});
