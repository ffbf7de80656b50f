import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { SnackbarProvider } from 'notistack';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n';
import { ClubFormDialog } from './club-form-dialog';

const api = vi.hoisted(() => ({ post: vi.fn(), put: vi.fn() }));
vi.mock('../../api/api', () => ({ api }));

beforeAll(async () => {
  await i18n.changeLanguage('de-CH');
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderForm(club: { id: string; name: string; clubType: number } | null = null) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SnackbarProvider>
        <ClubFormDialog club={club} onSaved={onSaved} onClose={onClose} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  return { onSaved, onClose };
}

const save = () => screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement;
const nameField = () => screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
async function chooseType(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Clubtyp' }));
  fireEvent.click(await screen.findByRole('option', { name: label }));
}

describe('ClubFormDialog', { timeout: 20_000 }, () => {
  it('keeps save disabled until name and type are given, creates and closes', async () => {
    api.post.mockResolvedValue({ id: 'c1', name: 'BPW Thun', clubType: 0 });
    const { onSaved, onClose } = renderForm();
    await waitFor(() => expect(save().disabled).toBe(true));

    fireEvent.change(nameField(), { target: { value: 'BPW Thun' } });
    await waitFor(() => expect(save().disabled).toBe(true));
    await chooseType('Regional');
    await waitFor(() => expect(save().disabled).toBe(false));

    fireEvent.click(save());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: 'c1' }));
    expect(api.post).toHaveBeenCalledWith('/club', { name: 'BPW Thun', clubType: 0 });
    // Spec 01 §4: a successful create resets the form: the dialog closes, the next opening is empty.
    expect(onClose).toHaveBeenCalled();
  });

  it('says which field is missing', async () => {
    renderForm();
    fireEvent.change(nameField(), { target: { value: 'x' } });
    fireEvent.change(nameField(), { target: { value: '' } });
    fireEvent.blur(nameField());
    expect(await screen.findByText('Name darf nicht leer sein.')).toBeTruthy();
  });

  it('edits a club with PUT; cancel closes', async () => {
    api.put.mockResolvedValue({ id: 'c9', name: 'BPW Bern Neu', clubType: 10 });
    const { onSaved, onClose } = renderForm({ id: 'c9', name: 'BPW Bern', clubType: 0 });
    expect(nameField().value).toBe('BPW Bern');
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    fireEvent.change(nameField(), { target: { value: 'BPW Bern Neu' } });
    await chooseType('National');
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: 'c9' }));
    expect(api.put).toHaveBeenCalledWith('/club/c9', { name: 'BPW Bern Neu', clubType: 10 });
  });
});
