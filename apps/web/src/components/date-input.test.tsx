import { formatDateInput, isoDateOf } from '@bpw/domain/date-input';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateInput, DateRangeInput, MultipleDateInput } from './date-input';
import { TimeInput, toUtcDateTime } from './time-input';

afterEach(cleanup);

function Harness({
  initial = null,
  onChange,
  min,
  max,
}: {
  initial?: string | null;
  onChange?: (value: string | null) => void;
  min?: string;
  max?: string;
}) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <DateInput
        label="Datum"
        value={value}
        min={min}
        max={max}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
      <output data-testid="value">{value ?? ''}</output>
    </LocalizationProvider>
  );
}

const field = () => screen.getByRole('textbox', { name: 'Datum' }) as HTMLInputElement;
const type = (text: string) => {
  fireEvent.change(field(), { target: { value: text } });
  fireEvent.blur(field());
};

describe('DateInput', { timeout: 20_000 }, () => {
  it('shows a value as dd.mm.yyyy', () => {
    render(<Harness initial="2024-03-15" />);
    expect(field().value).toBe('15.03.2024');
  });

  it('reads typed digits and tidies the text when the field is left', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    type('150385');
    expect(onChange).toHaveBeenLastCalledWith('1985-03-15');
    expect(field().value).toBe('15.03.1985');
  });

  it('passes a valid date on while typing, before the field is left', () => {
    render(<Harness />);
    fireEvent.change(field(), { target: { value: '1/2/2020' } });
    expect(screen.getByTestId('value').textContent).toBe('2020-02-01');
  });

  it('takes +n days from today', () => {
    render(<Harness />);
    type('0');
    expect(screen.getByTestId('value').textContent).toBe(isoDateOf(new Date()));
  });

  it('refuses an impossible date and keeps the text to correct it', () => {
    render(<Harness initial="2024-01-01" />);
    type('31.04.2024');
    expect(screen.getByTestId('value').textContent).toBe('');
    expect(field().value).toBe('31.04.2024');
    expect(screen.getByText('dateInput.invalid')).toBeTruthy();
  });

  it('enforces max', () => {
    render(<Harness max="2024-12-31" />);
    type('1.1.2025');
    expect(screen.getByTestId('value').textContent).toBe('');
    expect(screen.getByText('dateInput.afterMax')).toBeTruthy();
  });

  it('replaces the text when the value is changed from outside', () => {
    function Outside() {
      const [value, setValue] = useState<string | null>('2024-01-01');
      return (
        <LocalizationProvider dateAdapter={AdapterDayjs}>
          <DateInput label="Datum" value={value} onChange={setValue} />
          <button onClick={() => setValue('2030-12-24')}>set</button>
        </LocalizationProvider>
      );
    }
    render(<Outside />);
    fireEvent.click(screen.getByText('set'));
    expect(field().value).toBe('24.12.2030');
  });

  it('offers a calendar button', () => {
    render(<Harness />);
    expect(screen.getByRole('button', { name: 'dateInput.openCalendar' })).toBeTruthy();
  });
});

describe('DateRangeInput and MultipleDateInput', { timeout: 20_000 }, () => {
  it('keeps a range in order', () => {
    const onChange = vi.fn();
    render(
      <LocalizationProvider dateAdapter={AdapterDayjs}>
        <DateRangeInput fromLabel="Von" toLabel="Bis" value={['2024-05-01', null]} onChange={onChange} />
      </LocalizationProvider>,
    );
    const to = screen.getByRole('textbox', { name: 'Bis' });
    fireEvent.change(to, { target: { value: '01.04.2024' } });
    expect(onChange).toHaveBeenLastCalledWith(['2024-04-01', '2024-05-01']);
  });

  it('adds each entered date once, sorted', () => {
    function Multiple() {
      const [dates, setDates] = useState<string[]>(['2024-05-01']);
      return (
        <LocalizationProvider dateAdapter={AdapterDayjs}>
          <MultipleDateInput label="Tage" value={dates} onChange={setDates} />
          <output data-testid="dates">{dates.join(',')}</output>
        </LocalizationProvider>
      );
    }
    render(<Multiple />);
    const input = screen.getByRole('textbox', { name: 'Tage' });
    for (const text of ['1.3.2024', '01.05.2024', '1.3.2024']) {
      fireEvent.change(input, { target: { value: text } });
      fireEvent.blur(input);
    }
    expect(screen.getByTestId('dates').textContent).toBe('2024-03-01,2024-05-01');
    expect((input as HTMLInputElement).value).toBe('');
    expect(screen.getByText(formatDateInput('2024-03-01'))).toBeTruthy();
  });
});

describe('TimeInput', { timeout: 20_000 }, () => {
  function TimeHarness({ date }: { date: string | null }) {
    const [time, setTime] = useState<string | null>(null);
    return (
      <>
        <TimeInput label="Zeit" date={date} value={time} onChange={setTime} min="08:00" max="20:00" />
        <output data-testid="time">{time ?? ''}</output>
      </>
    );
  }

  it('is disabled until a date is set', () => {
    render(<TimeHarness date={null} />);
    expect((screen.getByRole('combobox', { name: 'Zeit' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('reads hhmm and empties a time outside min and max', () => {
    render(<TimeHarness date="2024-06-01" />);
    const input = screen.getByRole('combobox', { name: 'Zeit' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1830' } });
    fireEvent.blur(input);
    expect(screen.getByTestId('time').textContent).toBe('18:30:00');
    expect(input.value).toBe('18:30');
    fireEvent.change(input, { target: { value: '21.15' } });
    fireEvent.blur(input);
    expect(screen.getByTestId('time').textContent).toBe('');
    expect(input.value).toBe('');
  });

  it('combines date and time into UTC ISO without milliseconds', () => {
    expect(toUtcDateTime('2024-06-01', null)).toBeNull();
    expect(toUtcDateTime('2024-06-01', '18:30:00')).toMatch(/^2024-06-01T\d{2}:30:00Z$/);
  });
});
