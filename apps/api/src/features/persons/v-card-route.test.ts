import { CompetenceTopic, competenceTopicEnum } from '@bpw/domain/enums/competence';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, type CreatedPerson, injectAs, signIn } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { translate } from '../../platform/i18n';
import { components, parseVCard } from './v-card-test-support';

describe('GET person/{id}/v-card', () => {
  let t: TestApp;
  let viewer: CreatedPerson;
  beforeAll(async () => {
    t = await createTestApp();
    viewer = await createPerson(t.database.db);
  });
  afterAll(() => t.close());

  it("answers the person's card with her addresses and primary items as a download", async () => {
    const person = await createPerson(t.database.db, { firstname: 'Zoë', lastname: 'Müller' });
    const own = injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
    const address = await own({
      method: 'POST',
      url: `/api/v1/person/${person.id}/address`,
      payload: {
        addressType: 10,
        label: 'Büro',
        company: 'Müller, Meier & Co',
        companyRole: 'Partnerin',
        street: 'Marktgasse 1',
        zip: '3011',
        city: 'Bern',
        emails: [{ value: 'zoe@mueller.test' }, { value: 'info@mueller.test' }],
        phones: [{ value: '+41 79 111 22 33', phoneType: 20 }],
        urls: [{ value: 'https://mueller.test' }],
      },
    });
    expect(address.statusCode).toBe(201);
    const call = injectAs(t.app, (await signIn(t.app, viewer.username, viewer.password)).token);
    const res = await call({ url: `/api/v1/person/${person.id}/v-card` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Zoe-Mueller.vcf"; filename*=UTF-8''Zo%C3%AB-M%C3%BCller.vcf`,
    );
    const lines = parseVCard(res.body);
    const values = (name: string) => lines.filter((l) => l.name === name);
    expect(values('FN')[0]!.value).toBe('Zoë Müller');
    expect(values('ORG')[0]!.value).toBe('Müller\\, Meier & Co');
    expect(values('TITLE')[0]!.value).toBe('Partnerin');
    expect(components(values('ADR')[0]!.value)).toEqual(['', '', 'Marktgasse 1', 'Bern', '', '3011', 'CH']);
    expect(values('EMAIL').map((l) => [l.value, l.params])).toEqual([
      ['info@mueller.test', ['TYPE=work']],
      ['zoe@mueller.test', ['TYPE=work', 'PREF=1']],
    ]);
    expect(values('TEL')[0]).toEqual({ name: 'TEL', params: ['TYPE=work,cell', 'PREF=1'], value: '+41 79 111 22 33' });
    expect(values('URL')[0]!.value).toBe('https://mueller.test');
  });

  it("writes a main competence held as a topic's number as that topic's label", async () => {
    const person = await createPerson(t.database.db);
    const own = injectAs(t.app, (await signIn(t.app, person.username, person.password)).token);
    const address = await own({
      method: 'POST',
      url: `/api/v1/person/${person.id}/address`,
      payload: {
        addressType: 10,
        label: 'Büro',
        company: 'Topic AG',
        mainCompetence: '10',
        street: 'Gasse 2',
        zip: '3011',
        city: 'Bern',
      },
    });
    expect(address.statusCode, address.body).toBe(201);
    const call = injectAs(t.app, (await signIn(t.app, viewer.username, viewer.password)).token);
    const res = await call({ url: `/api/v1/person/${person.id}/v-card` });
    const note = parseVCard(res.body).find((l) => l.name === 'NOTE')?.value;
    // In the viewer's language (her own, de-CH for the factory's persons).
    const key = competenceTopicEnum.labelKey(CompetenceTopic.companyManagementLarge);
    expect(note).toBe(translate('de-CH', key).replace(/([,;\\])/g, '\\$1'));
    expect(note).not.toBe('10');
  });

  it('answers 404 for an unknown person and 401 when anonymous', async () => {
    const call = injectAs(t.app, (await signIn(t.app, viewer.username, viewer.password)).token);
    expect((await call({ url: '/api/v1/person/00000000-0000-4000-8000-000000000000/v-card' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/person/${viewer.id}/v-card` })).statusCode).toBe(401);
  });
});
