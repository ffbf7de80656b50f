import { CustomFieldMode, CustomFieldType } from '@bpw/domain/enums/custom-field';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventCustomFieldValues } from '../../db/schema/registrations';
import { createEvent } from '../../../test/factories';
import { type TestApp, createTestApp } from '../../../test/test-app';
import { createCustomField, register, registrationBody, registrationWorld } from './registration-test-support';

const { hidden, required } = CustomFieldMode;

describe('custom field values at registration', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof registrationWorld>>;
  beforeAll(async () => {
    t = await createTestApp();
    w = await registrationWorld(t.app, t.database.db);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;

  it('checks values by type and by the audience mode, and stores them', async () => {
    const event = await createEvent(db(), { responsibleClubId: w.club.id });
    const birthday = await createCustomField(db(), {
      eventId: event.id,
      title: 'Geburtstag',
      type: CustomFieldType.date,
      modeGuest: required,
    });
    const size = await createCustomField(db(), {
      eventId: event.id,
      title: 'Grösse',
      type: CustomFieldType.option,
      options: ['S', 'M'],
    });
    const internal = await createCustomField(db(), { eventId: event.id, modeGuest: hidden, title: 'Mitgliedernummer' });
    const send = (values: { eventCustomFieldId: string; value: string | null }[], token?: string) =>
      register(t.app, event.id, registrationBody({ eventCustomFieldValues: values }), {
        headers: { 'accept-language': 'en-US' },
        ...(token ? { token } : {}),
      });

    const missing = await send([]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(['Geburtstag must not be empty.']);
    const wrong = await send([
      { eventCustomFieldId: birthday.id, value: '31.02.1990' },
      { eventCustomFieldId: size.id, value: 'XXL' },
    ]);
    expect(wrong.json().errors).toEqual(['Geburtstag is no valid date', 'Grösse is invalid.']);
    const hiddenValue = await send([
      { eventCustomFieldId: birthday.id, value: '1990-02-20' },
      { eventCustomFieldId: internal.id, value: '42' },
    ]);
    expect(hiddenValue.statusCode).toBe(400);
    expect(hiddenValue.json().errors).toEqual(['Additional fields is invalid.']);

    const ok = await send([
      { eventCustomFieldId: birthday.id, value: '1990-02-20' },
      { eventCustomFieldId: size.id, value: 'M' },
    ]);
    expect(ok.statusCode).toBe(201);
    const stored = await db()
      .select({ id: eventCustomFieldValues.eventCustomFieldId, value: eventCustomFieldValues.value })
      .from(eventCustomFieldValues)
      .where(eq(eventCustomFieldValues.registrationId, ok.json().id));
    expect(stored).toHaveLength(2);
    expect(stored).toEqual(
      expect.arrayContaining([
        { id: birthday.id, value: '1990-02-20' },
        { id: size.id, value: 'M' },
      ]),
    );

    // A member's mode: the birthday is optional for her, the internal field hers to fill.
    const member = await send([{ eventCustomFieldId: internal.id, value: '42' }], w.tokens.member);
    expect(member.statusCode).toBe(201);
  });
});
