import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, type CreatedPerson } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { addressPayload, addressUrl, as } from './address-test-support';

/** Spec 01 §5 "Address": every rule answers 400 with the localised message naming the field. */
describe('address validation messages', () => {
  let t: TestApp;
  let person: CreatedPerson;
  let english: CreatedPerson;
  beforeAll(async () => {
    t = await createTestApp();
    person = await createPerson(t.database.db);
    english = await createPerson(t.database.db, { languageCode: 'en' });
  });
  afterAll(() => t.close());

  const errorsOf = async (payload: object, who = person) => {
    const res = await as(t.app, who)({ method: 'POST', url: addressUrl(who.id), payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    return res.json().errors as string[];
  };

  it.each([
    ['a missing label', { label: undefined }, 'Bezeichnung darf nicht leer sein.'],
    ['a blank label', { label: '   ' }, 'Bezeichnung darf nicht leer sein.'],
    ['an e-mail without value', { emails: [{ label: 'x' }] }, 'E-Mail darf nicht leer sein.'],
    ['an empty e-mail value', { emails: [{ value: '' }] }, 'E-Mail darf nicht leer sein.'],
    ['an invalid e-mail', { emails: [{ value: 'anna@' }] }, 'E-Mail ist keine gültige E-Mail-Adresse'],
    ['a phone without value', { phones: [{ label: 'Mobil' }] }, 'Telefonnummer darf nicht leer sein.'],
    ['a blank phone', { phones: [{ value: ' ' }] }, 'Telefonnummer darf nicht leer sein.'],
    ['an empty URL', { urls: [{ value: '' }] }, 'URL darf nicht leer sein.'],
    ['a URL that is not http(s)', { urls: [{ value: 'ftp://muster.test' }] }, 'URL ist keine gültige URL'],
    ['a javascript: URL', { urls: [{ value: 'javascript:alert(1)' }] }, 'URL ist keine gültige URL'],
    ['a URL without scheme', { urls: [{ value: 'www.muster.test' }] }, 'URL ist keine gültige URL'],
    ['an unknown address type', { addressType: 5 }, 'Adresstyp ist ungültig.'],
    ['an unknown phone type', { phones: [{ value: '1', phoneType: 15 }] }, 'Telefonart ist ungültig.'],
    ['an unknown URL type', { urls: [{ value: 'https://a.test', urlType: 99 }] }, 'URL-Art ist ungültig.'],
    ['an unknown salutation', { salutation: 3 }, 'Anrede ist ungültig.'],
    ['an unknown title', { title: 7 }, 'Titel ist ungültig.'],
    ['an unknown competence', { competences: [0, 5] }, 'Kompetenzen ist ungültig.'],
    ['a country that is no 2-letter code', { countryCode: 'CHE' }, 'Land ist ungültig.'],
    ['an entry id that is no UUID', { emails: [{ id: 'x', value: 'a@b.test' }] }, 'ID ist ungültig.'],
    ['a label over 100 characters', { label: 'x'.repeat(101) }, 'Bezeichnung ist zu lang.'],
    ['a street over 200 characters', { street: 'x'.repeat(201) }, 'Strasse ist zu lang.'],
    [
      'more than 20 e-mails',
      { emails: Array.from({ length: 21 }, (_, i) => ({ value: `a${i}@b.test` })) },
      'E-Mail-Adressen ist zu lang.',
    ],
  ])('refuses %s', async (_, override, message) => {
    expect(await errorsOf({ ...addressPayload(), ...override })).toEqual([message]);
  });

  it('lists every problem of a form at once, each once', async () => {
    const errors = await errorsOf({
      label: '',
      emails: [{ value: 'no' }, { value: 'neither' }],
      phones: [{ value: '' }],
      urls: [{ value: 'mailto:a@b.test' }],
    });
    expect(errors).toEqual([
      'Bezeichnung darf nicht leer sein.',
      'E-Mail ist keine gültige E-Mail-Adresse',
      'Telefonnummer darf nicht leer sein.',
      'URL ist keine gültige URL',
    ]);
  });

  it("speaks the user's language", async () => {
    const errors = await errorsOf({ label: '', emails: [{ value: 'x' }], urls: [{ value: 'ftp://x.test' }] }, english);
    expect(errors).toEqual(['Label must not be empty.', 'E-mail is no valid email address', 'URL is no valid URL']);
  });

  it('validates PUT like POST', async () => {
    const created = (
      await as(t.app, person)({ method: 'POST', url: addressUrl(person.id), payload: addressPayload() })
    ).json();
    const res = await as(
      t.app,
      person,
    )({
      method: 'PUT',
      url: addressUrl(person.id, created.id),
      payload: addressPayload({ label: '', phones: [{ value: '' }] }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(['Bezeichnung darf nicht leer sein.', 'Telefonnummer darf nicht leer sein.']);
  });
});
