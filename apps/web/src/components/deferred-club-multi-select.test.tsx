import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClubOption } from './club-options';
import { DeferredClubMultiSelect } from './deferred-club-multi-select';

afterEach(cleanup);

const clubs: ClubOption[] = [
  { id: 'a', name: 'BPW Basel' },
  { id: 'b', name: 'BPW Bern' },
];

function renderPicker(value: string[] = [], onChange = vi.fn()) {
  const { container } = render(
    <DeferredClubMultiSelect
      label="Clubs"
      options={clubs}
      value={value}
      onChange={onChange}
      selectedText={(count) => `${count} ausgewählt`}
      helperText="Ohne Auswahl zählen alle Clubs."
    />,
  );
  return { container, onChange };
}

describe('DeferredClubMultiSelect', { timeout: 20_000 }, () => {
  it('stands in with a field of the same name and hint until it is used', () => {
    const { container } = renderPicker();
    const field = screen.getByRole('combobox', { name: 'Clubs' });
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(field.getAttribute('aria-describedby')).toBe(screen.getByText('Ohne Auswahl zählen alle Clubs.').id);
    expect(container.querySelector('.MuiAutocomplete-root')).toBeNull();
  });

  it('hands focus and an opening key over to the real field', async () => {
    const { container, onChange } = renderPicker();
    const placeholder = screen.getByRole('combobox', { name: 'Clubs' });
    placeholder.focus();
    fireEvent.keyDown(placeholder, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: 'BPW Bern' }));
    expect(onChange).toHaveBeenLastCalledWith(['b']);
    expect(container.querySelector('.MuiAutocomplete-root')).not.toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Clubs' }));
  });

  it('shows chosen clubs with the real field at once', async () => {
    renderPicker(['a']);
    expect(await screen.findByText('BPW Basel')).toBeTruthy();
  });
});
