import { CustomFieldMode, CustomFieldType } from '@bpw/domain/enums/custom-field';
import { EventState } from '@bpw/domain/enums/event';
import type { EventCustomFieldCreateInput } from '@bpw/domain/schemas/event-custom-field';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventCustomFieldValues } from '../../src/db/schema/registrations';
import { createEvent } from '../factories';
import { type TestApp, createTestApp } from '../test-app';
import {
  createCustomField,
  register,
  registrationBody,
  registrationWorld,
} from '../../src/features/event-registrations/registration-test-support';

const { hidden, optional, required } = CustomFieldMode;

describe('custom registration fields (event-custom-field)', () => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof registrationWorld>>;
  beforeAll(async () => {
    t = await createTestApp();
    w = await registrationWorld(t.app, t.database.db);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const newEvent = (overrides: { eventState?: number } = {}) =>
    createEvent(db(), { responsibleClubId: w.club.id, ...overrides });
  const fieldBody = (eventId: string, overrides: Partial<EventCustomFieldCreateInput> = {}) => ({
    eventId,
    type: CustomFieldType.string,
    title: 'Ernährung',
    eventCustomFieldModeMember: optional,
    eventCustomFieldModeGuest: required,
    showInList: true,
    sortOrder: 3,
    ...overrides,
  });

  it('lets the event manager add, change and delete a field; the list is sorted by sortOrder', async () => {
    const event = await newEvent();
    const asManager = w.as('manager');
    const created = await asManager({
      method: 'POST',
      url: '/api/v1/event-custom-field',
      payload: fieldBody(event.id, {
        type: CustomFieldType.option,
        title: 'T-Shirt',
        sortOrder: 5,
        eventCustomFieldOptions: [{ value: 'S' }, { value: 'M' }],
      }),
    });
    expect(created.statusCode).toBe(201);
    const field = created.json();
    expect(field).toMatchObject({
      eventId: event.id,
      eventCustomFieldType: CustomFieldType.option,
      eventCustomFieldModeGuest: required,
      eventCustomFieldOptions: [{ value: 'S' }, { value: 'M' }],
    });
    await asManager({
      method: 'POST',
      url: '/api/v1/event-custom-field',
      payload: fieldBody(event.id, { sortOrder: 0 }),
    });

    const list = await asManager({ url: `/api/v1/event/${event.id}/custom-field` });
    expect(list.json().items.map((f: { title: string }) => f.title)).toEqual(['Ernährung', 'T-Shirt']);
    expect(list.json().total).toBe(2);

    const [small, medium] = field.eventCustomFieldOptions;
    const changed = await asManager({
      method: 'PUT',
      url: `/api/v1/event-custom-field/${field.id}`,
      payload: {
        ...fieldBody(event.id, { type: CustomFieldType.option, title: 'Shirt' }),
        eventCustomFieldOptions: [{ id: medium.id, value: 'Medium' }, { value: 'L' }],
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().eventCustomFieldOptions.map((o: { value: string }) => o.value)).toEqual(['Medium', 'L']);
    expect(changed.json().eventCustomFieldOptions[0].id).toBe(medium.id);
    expect(changed.json().eventCustomFieldOptions.map((o: { id: string }) => o.id)).not.toContain(small.id);

    const removed = await asManager({ method: 'DELETE', url: `/api/v1/event-custom-field/${field.id}` });
    expect(removed.statusCode).toBe(204);
    expect((await asManager({ url: `/api/v1/event/${event.id}/custom-field` })).json().total).toBe(1);
  });

  it('keeps registrations consistent when a field changes: renamed options follow, unfit answers go', async () => {
    const event = await newEvent();
    const asManager = w.as('manager');
    const field = (
      await asManager({
        method: 'POST',
        url: '/api/v1/event-custom-field',
        payload: fieldBody(event.id, {
          type: CustomFieldType.option,
          eventCustomFieldModeGuest: optional,
          eventCustomFieldOptions: [{ value: 'Vegi' }, { value: 'Fleisch' }],
        }),
      })
    ).json();
    const answer = (value: string) =>
      register(
        t.app,
        event.id,
        registrationBody({ eventCustomFieldValues: [{ eventCustomFieldId: field.id, value }] }),
      );
    expect((await answer('Vegi')).statusCode).toBe(201);
    expect((await answer('Fleisch')).statusCode).toBe(201);
    const [vegi] = field.eventCustomFieldOptions;
    await asManager({
      method: 'PUT',
      url: `/api/v1/event-custom-field/${field.id}`,
      payload: {
        ...fieldBody(event.id, { type: CustomFieldType.option, eventCustomFieldModeGuest: optional }),
        eventCustomFieldOptions: [{ id: vegi.id, value: 'Vegetarisch' }],
      },
    });
    const stored = await db()
      .select({ value: eventCustomFieldValues.value })
      .from(eventCustomFieldValues)
      .where(eq(eventCustomFieldValues.eventCustomFieldId, field.id));
    expect(stored).toEqual([{ value: 'Vegetarisch' }]);
  });

  it('validates definitions: options for an Option field, sortOrder 0 to 20, modes and type required', async () => {
    const event = await newEvent();
    const post = (payload: object) =>
      w.as('manager')({
        method: 'POST',
        url: '/api/v1/event-custom-field',
        headers: { 'accept-language': 'en-US' },
        payload,
      });
    const noOptions = await post(fieldBody(event.id, { type: CustomFieldType.option }));
    expect(noOptions.statusCode).toBe(400);
    expect(noOptions.json().errors).toEqual(['Options must not be empty.']);
    expect((await post(fieldBody(event.id, { sortOrder: 21 }))).json().errors).toEqual(['Sort order is invalid.']);
    expect((await post(fieldBody(event.id, { sortOrder: -1 }))).statusCode).toBe(400);
    const empty = await post({ eventId: event.id });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual(
      expect.arrayContaining(['Type must not be empty.', 'Title must not be empty.', 'Sort order must not be empty.']),
    );
    const blankOption = await post(
      fieldBody(event.id, { type: CustomFieldType.option, eventCustomFieldOptions: [{ value: ' ' }] }),
    );
    expect(blankOption.json().errors).toEqual(['Option must not be empty.']);
    // Another type drops the options.
    const text = await post(fieldBody(event.id, { eventCustomFieldOptions: [{ value: 'x' }] }));
    expect(text.statusCode).toBe(201);
    expect(text.json().eventCustomFieldOptions).toEqual([]);
  });

  it('is for the managers of the event only (403), with 404 for an unknown event or field', async () => {
    const event = await newEvent();
    const field = await createCustomField(db(), { eventId: event.id });
    for (const name of ['member', 'otherManager'] as const) {
      const as = w.as(name);
      expect(
        (await as({ method: 'POST', url: '/api/v1/event-custom-field', payload: fieldBody(event.id) })).statusCode,
      ).toBe(403);
      expect(
        (await as({ method: 'PUT', url: `/api/v1/event-custom-field/${field.id}`, payload: fieldBody(event.id) }))
          .statusCode,
      ).toBe(403);
      expect((await as({ method: 'DELETE', url: `/api/v1/event-custom-field/${field.id}` })).statusCode).toBe(403);
    }
    expect(
      (await w.as('admin')({ method: 'POST', url: '/api/v1/event-custom-field', payload: fieldBody(event.id) }))
        .statusCode,
    ).toBe(201);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await w.as('admin')({ method: 'POST', url: '/api/v1/event-custom-field', payload: fieldBody(unknown) }))
        .statusCode,
    ).toBe(404);
    expect((await w.as('admin')({ method: 'DELETE', url: `/api/v1/event-custom-field/${unknown}` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/event-custom-field/${field.id}` })).statusCode).toBe(
      401,
    );
  });

  it('shows each audience the fields of its mode: guests, members, and managers all of them', async () => {
    const event = await newEvent();
    await createCustomField(db(), { eventId: event.id, title: 'Für alle', sortOrder: 1 });
    await createCustomField(db(), { eventId: event.id, title: 'Nur Gäste', modeMember: hidden, sortOrder: 2 });
    await createCustomField(db(), { eventId: event.id, title: 'Nur Mitglieder', modeGuest: hidden, sortOrder: 3 });
    await createCustomField(db(), {
      eventId: event.id,
      title: 'Intern',
      modeGuest: hidden,
      modeMember: hidden,
      sortOrder: 4,
    });
    const titles = (res: { json: () => { items: { title: string }[] } }) => res.json().items.map((f) => f.title);
    const publicUrl = `/api/v1/event-public/${event.id}/custom-field`;
    expect(titles(await t.app.inject({ url: publicUrl }))).toEqual(['Für alle', 'Nur Gäste']);
    expect(titles(await w.as('member')({ url: publicUrl }))).toEqual(['Für alle', 'Nur Mitglieder']);
    expect(titles(await w.as('member')({ url: `/api/v1/event/${event.id}/custom-field` }))).toEqual([
      'Für alle',
      'Nur Mitglieder',
    ]);
    expect(titles(await w.as('manager')({ url: `/api/v1/event/${event.id}/custom-field` }))).toEqual([
      'Für alle',
      'Nur Gäste',
      'Nur Mitglieder',
      'Intern',
    ]);
    expect(
      titles(await w.as('manager')({ url: `/api/v1/event/${event.id}/custom-field?Title=nur&PerPage=1&Page=1` })),
    ).toEqual(['Nur Mitglieder']);
  });

  it('hides the fields of an event without a public page from everyone but its managers', async () => {
    const event = await newEvent({ eventState: EventState.Planning });
    await createCustomField(db(), { eventId: event.id });
    expect((await t.app.inject({ url: `/api/v1/event-public/${event.id}/custom-field` })).statusCode).toBe(404);
    expect((await w.as('member')({ url: `/api/v1/event/${event.id}/custom-field` })).statusCode).toBe(404);
    expect((await w.as('manager')({ url: `/api/v1/event/${event.id}/custom-field` })).json().total).toBe(1);
  });

  it('copies the fields of a source event (the path) to the target event (targetEventId)', async () => {
    const source = await newEvent();
    const target = await newEvent();
    await createCustomField(db(), {
      eventId: source.id,
      title: 'Grösse',
      type: CustomFieldType.option,
      options: ['S', 'M'],
    });
    await createCustomField(db(), { eventId: source.id, title: 'Allergien', sortOrder: 2 });
    await createCustomField(db(), { eventId: target.id, title: 'Schon da', sortOrder: 1 });
    const res = await w.as('manager')({
      method: 'POST',
      url: `/api/v1/event/${source.id}/copy-custom-field`,
      payload: { targetEventId: target.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((f: { title: string; eventId: string }) => [f.title, f.eventId])).toEqual([
      ['Grösse', target.id],
      ['Schon da', target.id],
      ['Allergien', target.id],
    ]);
    expect(res.json().items[0].eventCustomFieldOptions.map((o: { value: string }) => o.value)).toEqual(['S', 'M']);
    // The source keeps its own.
    expect((await w.as('manager')({ url: `/api/v1/event/${source.id}/custom-field` })).json().total).toBe(2);
  });

  it('copies only into an event the caller manages, from an event she may read', async () => {
    const source = await newEvent();
    const foreignPlanning = await createEvent(db(), {
      responsibleClubId: w.otherClub.id,
      eventState: EventState.Planning,
    });
    const foreignPublic = await createEvent(db(), { responsibleClubId: w.otherClub.id });
    await createCustomField(db(), { eventId: foreignPublic.id });
    const copy = (name: 'manager' | 'otherManager', from: string, to: string) =>
      w.as(name)({ method: 'POST', url: `/api/v1/event/${from}/copy-custom-field`, payload: { targetEventId: to } });
    expect((await copy('otherManager', source.id, source.id)).statusCode).toBe(403);
    expect((await copy('manager', foreignPlanning.id, source.id)).statusCode).toBe(404);
    expect((await copy('manager', foreignPublic.id, source.id)).statusCode).toBe(200);
    expect((await copy('manager', source.id, source.id)).statusCode).toBe(400);
    const missing = await w.as('manager')({
      method: 'POST',
      url: `/api/v1/event/${source.id}/copy-custom-field`,
      headers: { 'accept-language': 'en-US' },
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(['Event must not be empty.']);
  });
});
