import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n';
import { DataTableSearchField } from './data-table-search-field';

function Harness({ onCommit }: { onCommit: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <DataTableSearchField
        label="Search persons"
        value={value}
        onChange={(next) => {
          onCommit(next);
          setValue(next);
        }}
      />
      <button type="button" onClick={() => setValue('')}>
        reset
      </button>
    </>
  );
}

beforeAll(async () => {
  await i18n.changeLanguage('en-US');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('DataTableSearchField', { timeout: 20_000 }, () => {
  it('commits the text 500 ms after the typing stops', () => {
    vi.useFakeTimers();
    const onCommit = vi.fn();
    render(<Harness onCommit={onCommit} />);
    const box = screen.getByRole('searchbox', { name: 'Search persons' });
    fireEvent.change(box, { target: { value: 'Wid' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(box, { target: { value: 'Widmer' } });
    act(() => vi.advanceTimersByTime(499));
    expect(onCommit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onCommit).toHaveBeenCalledExactlyOnceWith('Widmer');
  });

  it('clears with Esc and with its clear button, at once', () => {
    vi.useFakeTimers();
    const onCommit = vi.fn();
    render(<Harness onCommit={onCommit} />);
    const box = screen.getByRole('searchbox') as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'Anna' } });
    act(() => vi.advanceTimersByTime(500));
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.value).toBe('');
    expect(onCommit).toHaveBeenLastCalledWith('');

    fireEvent.change(box, { target: { value: 'Eva' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear search text' }));
    expect(box.value).toBe('');
    act(() => vi.advanceTimersByTime(1000));
    expect(onCommit).not.toHaveBeenCalledWith('Eva');
  });

  it('shows a reset from outside', () => {
    vi.useFakeTimers();
    render(<Harness onCommit={() => undefined} />);
    const box = screen.getByRole('searchbox') as HTMLInputElement;
    fireEvent.change(box, { target: { value: 'Meier' } });
    act(() => vi.advanceTimersByTime(500));
    fireEvent.click(screen.getByRole('button', { name: 'reset' }));
    expect(box.value).toBe('');
  });
});
