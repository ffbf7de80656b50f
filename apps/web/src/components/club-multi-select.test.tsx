import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClubMultiSelect } from './club-multi-select';
import type { ClubOption } from './club-options';

afterEach(cleanup);

const clubs: ClubOption[] = [
  { id: 'a', name: 'BPW Basel' },
  { id: 'b', name: 'BPW Bern' },
  { id: 'c', name: 'BPW Zürich' },
];

function Harness({ initial, onChange }: { initial: string[]; onChange?: (ids: string[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <ClubMultiSelect
      label="Clubs"
      options={clubs}
      value={value}
      onChange={(ids) => {
        setValue(ids);
        onChange?.(ids);
      }}
      selectedText={(count) => `${count} ausgewählt`}
    />
  );
}

describe('ClubMultiSelect', { timeout: 20_000 }, () => {
  it('shows the chosen clubs as chips below three', () => {
    render(<Harness initial={['a', 'b']} />);
    expect(screen.getByText('BPW Basel')).toBeTruthy();
    expect(screen.getByText('BPW Bern')).toBeTruthy();
    expect(screen.queryByTestId('club-select-count')).toBeNull();
  });

  it('collapses to a count from three clubs', () => {
    render(<Harness initial={['a', 'b', 'c']} />);
    expect(screen.getByTestId('club-select-count').textContent).toBe('3 ausgewählt');
    expect(screen.queryByText('BPW Basel')).toBeNull();
  });

  it('adds a club chosen from the list', () => {
    const onChange = vi.fn();
    render(<Harness initial={[]} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Clubs' });
    fireEvent.mouseDown(input);
    fireEvent.click(screen.getByRole('option', { name: 'BPW Zürich' }));
    expect(onChange).toHaveBeenLastCalledWith(['c']);
  });

  it('ignores selected ids that are not among the options', () => {
    render(<Harness initial={['x', 'a']} />);
    expect(screen.getByText('BPW Basel')).toBeTruthy();
    expect(screen.queryByTestId('club-select-count')).toBeNull();
  });
});
