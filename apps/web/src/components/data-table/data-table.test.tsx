import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n';
import { DataTable, type DataTableColumn, type DataTableProps, type RowSelection } from './data-table';

interface Person {
  id: string;
  firstname: string;
  lastname: string;
}

const people: Person[] = [
  { id: 'p1', firstname: 'Ada', lastname: 'Lovelace' },
  { id: 'p2', firstname: 'Grace', lastname: 'Hopper' },
  { id: 'p3', firstname: 'Marie', lastname: 'Curie' },
];

const columns: DataTableColumn<Person>[] = [
  { id: 'avatar', header: 'Avatar', isHeaderHidden: true, cell: () => '*' },
  { id: 'firstname', header: 'First name', isSortable: true, cell: (p) => p.firstname },
  { id: 'lastname', header: 'Last name', isSortable: true, cell: (p) => p.lastname },
  { id: 'note', header: 'Note', cell: () => 'n/a' },
];

type Overrides = Partial<DataTableProps<Person>>;

function renderTable(overrides: Overrides = {}) {
  const props: DataTableProps<Person> = {
    label: 'Persons',
    columns,
    rows: people,
    total: 3,
    getRowId: (p) => p.id,
    getRowLabel: (p) => `${p.firstname} ${p.lastname}`,
    sorting: [
      { id: 'firstname', desc: false },
      { id: 'lastname', desc: false },
    ],
    onSortingChange: vi.fn(),
    pagination: { page: 0, pageSize: 10 },
    onPaginationChange: vi.fn(),
    ...overrides,
  };
  render(
    <MemoryRouter>
      <Routes>
        <Route path="/" element={<DataTable {...props} />} />
        <Route path="/persons/:id" element={<p>person page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return props;
}

/** A table whose selection is real state, as a page would hold it. */
function SelectableTable({ actions }: { actions: (ids: string[], clear: () => void) => React.ReactNode }) {
  const [selected, setSelected] = useState<RowSelection>({});
  return (
    <MemoryRouter>
      <DataTable
        label="Persons"
        columns={columns}
        rows={people}
        total={3}
        getRowId={(p) => p.id}
        getRowLabel={(p) => `${p.firstname} ${p.lastname}`}
        sorting={[]}
        onSortingChange={() => undefined}
        pagination={{ page: 0, pageSize: 10 }}
        onPaginationChange={() => undefined}
        selection={{ selected, onChange: setSelected, actions }}
      />
    </MemoryRouter>
  );
}

beforeAll(async () => {
  await i18n.changeLanguage('en-US');
});
afterEach(cleanup);

// MUI's first render in jsdom is slow on a busy machine; the default 5 s is too tight.
describe('DataTable', { timeout: 20_000 }, () => {
  it('makes sortable headers buttons and puts aria-sort on the primary sort key', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Persons' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.getAttribute('aria-sort'))).toEqual([null, 'ascending', null, null]);
    expect(within(headers[1]!).getByRole('button', { name: /First name/ })).toBeTruthy();
    // The second key is told to screen readers in the button's name.
    expect(within(headers[2]!).getByRole('button').textContent).toContain('sort key 2');
    expect(within(headers[3]!).queryByRole('button')).toBeNull();
    expect(headers[0]!.textContent).toBe('Avatar');
  });

  it('sorts by a clicked column and adds a key on shift+click', () => {
    const props = renderTable();
    fireEvent.click(screen.getByRole('button', { name: /Last name/ }));
    expect(props.onSortingChange).toHaveBeenLastCalledWith([{ id: 'lastname', desc: false }]);
    fireEvent.click(screen.getByRole('button', { name: /First name/ }));
    expect(props.onSortingChange).toHaveBeenLastCalledWith([{ id: 'firstname', desc: true }]);
    cleanup();
    const single = renderTable({ sorting: [{ id: 'firstname', desc: false }] });
    fireEvent.click(screen.getByRole('button', { name: /Last name/ }), { shiftKey: true });
    expect(single.onSortingChange).toHaveBeenLastCalledWith([
      { id: 'firstname', desc: false },
      { id: 'lastname', desc: false },
    ]);
  });

  it('sorts by one column at a time when multi-sort is off: shift+click is a click', () => {
    const single = renderTable({ sorting: [{ id: 'firstname', desc: false }], isMultiSort: false });
    fireEvent.click(screen.getByRole('button', { name: /Last name/ }), { shiftKey: true });
    expect(single.onSortingChange).toHaveBeenLastCalledWith([{ id: 'lastname', desc: false }]);
    expect(screen.getByRole('button', { name: /Last name/ }).getAttribute('title')).toBeNull();
  });

  it('pages on the server and goes to the first page when the page size changes', () => {
    const props = renderTable({ total: 45 });
    expect(screen.getByText('1–10 of 45')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(props.onPaginationChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 10 });
    fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(props.onPaginationChange).toHaveBeenLastCalledWith({ page: 4, pageSize: 10 });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Rows per page/ }));
    const sizes = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(sizes.map((option) => option.textContent)).toEqual(['10', '20', '50', '100']);
    fireEvent.click(sizes[1]!);
    expect(props.onPaginationChange).toHaveBeenLastCalledWith({ page: 0, pageSize: 20 });
  });

  it('sets a page above the last page to the last page', () => {
    const props = renderTable({ total: 12, pagination: { page: 5, pageSize: 10 } });
    expect(props.onPaginationChange).toHaveBeenCalledWith({ page: 1, pageSize: 10 });
  });

  it('waits for the load to finish before clamping the page', () => {
    const props = renderTable({ total: 0, pagination: { page: 3, pageSize: 10 }, isLoading: true });
    expect(props.onPaginationChange).not.toHaveBeenCalled();
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });

  it('shows the empty text without rows', () => {
    renderTable({ rows: [], total: 0 });
    expect(screen.getByText('No entries')).toBeTruthy();
    cleanup();
    renderTable({ rows: [], total: 0, emptyText: 'Nobody here' });
    expect(screen.getByText('Nobody here')).toBeTruthy();
  });

  it('opens a row by a click anywhere on it, or by its link in the name cell', () => {
    renderTable({ getRowHref: (p) => `/persons/${p.id}` });
    const link = screen.getByRole('link', { name: 'Grace Hopper' });
    expect(link.getAttribute('href')).toBe('/persons/p2');
    expect(link.closest('th')?.getAttribute('scope')).toBe('row');
    fireEvent.click(screen.getByText('Hopper'));
    expect(screen.getByText('person page')).toBeTruthy();
  });

  it('makes rows focusable and opens them with Enter when only onRowClick is given', () => {
    const onRowClick = vi.fn();
    renderTable({ onRowClick });
    const row = screen.getByText('Curie').closest('tr')!;
    expect(row.getAttribute('tabindex')).toBe('0');
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(onRowClick).toHaveBeenCalledWith(people[2]);
    fireEvent.keyDown(row, { key: 'a' });
    expect(onRowClick).toHaveBeenCalledTimes(1);
  });

  it('selects rows with labelled checkboxes and shows the count with unselect and actions', () => {
    const actions = vi.fn((ids: string[], clear: () => void) => (
      <button type="button" onClick={clear}>
        Archive {ids.join(',')}
      </button>
    ));
    render(<SelectableTable actions={actions} />);
    expect(screen.queryByText(/selected/)).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row Grace Hopper' }));
    expect(screen.getByRole('status').textContent).toBe('1 selected');
    expect(screen.getByRole('button', { name: 'Archive p2' })).toBeTruthy();

    const selectAll = screen.getByRole('checkbox', { name: 'Select all rows on this page' }) as HTMLInputElement;
    expect(selectAll.getAttribute('data-indeterminate')).toBe('true');
    fireEvent.click(selectAll);
    expect(screen.getByRole('status').textContent).toBe('3 selected');
    expect(selectAll.checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Unselect' }));
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row Ada Lovelace' }));
    fireEvent.click(screen.getByRole('button', { name: 'Archive p1' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('does not open the row when its checkbox is clicked', () => {
    const onRowClick = vi.fn();
    render(
      <MemoryRouter>
        <DataTable
          label="Persons"
          columns={columns}
          rows={people}
          total={3}
          getRowId={(p) => p.id}
          getRowLabel={(p) => p.firstname}
          sorting={[]}
          onSortingChange={() => undefined}
          pagination={{ page: 0, pageSize: 10 }}
          onPaginationChange={() => undefined}
          onRowClick={onRowClick}
          selection={{ selected: {}, onChange: () => undefined }}
        />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select row Ada' }));
    expect(onRowClick).not.toHaveBeenCalled();
    fireEvent.click(screen.getByText('Ada'));
    expect(onRowClick).toHaveBeenCalledOnce();
  });

  it('speaks the interface language', async () => {
    await i18n.changeLanguage('de-CH');
    renderTable({ total: 45, selection: { selected: { p1: true }, onChange: () => undefined } });
    expect(screen.getByText('1–10 von 45')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Zeile Ada Lovelace auswählen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nächste Seite' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('1 ausgewählt');
    await i18n.changeLanguage('en-US');
  });
});
