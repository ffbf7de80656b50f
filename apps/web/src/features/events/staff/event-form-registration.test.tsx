import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { EventRegistrationType } from '@bpw/domain/enums/event';
import i18n from 'i18next';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import '../../../i18n/i18n';
import { EventFormRegistration } from './event-form-registration';
import { newEventValues, type EventFormOutput, type EventFormValues } from './event-form-schema';

beforeAll(async () => {
  await i18n.changeLanguage('de-CH');
});
afterEach(cleanup);

/** The form's values as the harness shows them. */
const current = (): EventFormValues => JSON.parse(screen.getByTestId('values').textContent ?? '{}') as EventFormValues;

function Values() {
  return <output data-testid="values">{JSON.stringify(useWatch<EventFormValues>())}</output>;
}

function Harness({ values }: { values: Partial<EventFormValues> }) {
  const form = useForm<EventFormValues, unknown, EventFormOutput>({
    defaultValues: { ...newEventValues('', 'de'), ...values },
  });
  return (
    <FormProvider {...form}>
      <EventFormRegistration disabled={false} />
      <Values />
    </FormProvider>
  );
}

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
const slots = () => screen.getByRole('spinbutton', { name: 'Plätze' }) as HTMLInputElement;

describe('the registration type switch (spec 02 §4)', { timeout: 20_000 }, () => {
  it('enables the slot box for limited slots only, emptied for a number to be typed', () => {
    render(<Harness values={{}} />);
    expect(radio('Keine Anmeldung').checked).toBe(true);
    expect(slots().disabled).toBe(true);
    fireEvent.click(radio('Begrenzte Plätze'));
    expect(slots().disabled).toBe(false);
    expect(slots().value).toBe('');
    expect(current().registrationSlots).toBeNull();
  });

  it('turns a slots value of 0 into unlimited slots', () => {
    render(<Harness values={{}} />);
    fireEvent.click(radio('Begrenzte Plätze'));
    fireEvent.change(slots(), { target: { value: '0' } });
    expect(radio('Unbegrenzte Plätze').checked).toBe(true);
    expect(current()).toMatchObject({ registrationType: EventRegistrationType.UnlimitedSlots, registrationSlots: 0 });
  });

  it('clears slots for an external registration and the URL for own registrations', () => {
    render(<Harness values={{ registrationType: EventRegistrationType.LimitedSlots, registrationSlots: 12 }} />);
    fireEvent.click(radio('Externe Anmeldung'));
    expect(current().registrationSlots).toBeNull();
    const url = screen.getByRole('textbox', { name: 'Externe Anmelde-URL' });
    fireEvent.change(url, { target: { value: 'https://example.ch/anmeldung' } });
    fireEvent.click(radio('Unbegrenzte Plätze'));
    expect(current()).toMatchObject({ registrationSlots: 0, externalRegistrationUrl: null });
    expect(screen.queryByRole('textbox', { name: 'Externe Anmelde-URL' })).toBeNull();
  });

  it('clears slots, deadlines and URL when no registration is chosen', () => {
    render(
      <Harness
        values={{
          registrationType: EventRegistrationType.LimitedSlots,
          registrationSlots: 12,
          registrationTo: '2030-03-01T12:00:00Z',
          unregistrationTo: '2030-02-25T12:00:00Z',
        }}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Anmeldeschluss Datum' })).toBeTruthy();
    fireEvent.click(radio('Keine Anmeldung'));
    expect(current()).toMatchObject({
      registrationSlots: null,
      registrationTo: null,
      unregistrationTo: null,
      externalRegistrationUrl: null,
    });
    expect(screen.queryByRole('textbox', { name: 'Anmeldeschluss Datum' })).toBeNull();
  });
});
