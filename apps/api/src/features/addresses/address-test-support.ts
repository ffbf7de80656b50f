import type { AddressInput } from '@bpw/domain/schemas/address';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { type CreatedPerson, injectAs, signIn } from '../../../test/factories';

/** Test helpers of the addresses feature (not a test file: shared by the tests beside it). */

export const addressPayload = (overrides: Partial<AddressInput> = {}): AddressInput => ({
  addressType: 10,
  label: 'Geschäft',
  firstname: 'Anna',
  lastname: 'Muster',
  company: 'Muster AG',
  companySector: 'Beratung',
  companyRole: 'CEO',
  mainCompetence: 'Verhandlung',
  competences: [0, 70],
  street: 'Bundesplatz 3',
  zip: '3003',
  city: 'Bern',
  countryCode: 'CH',
  emails: [{ label: 'Büro', value: 'anna@muster.test' }],
  phones: [{ label: 'Zentrale', value: '+41 31 000 00 00', phoneType: 0 }],
  urls: [{ value: 'https://muster.test', urlType: 0 }],
  ...overrides,
});

/** `inject` as this person, signed in once and cached per app. */
const sessions = new WeakMap<FastifyInstance, Map<string, Promise<string>>>();
export function as(app: FastifyInstance, person: CreatedPerson) {
  let tokens = sessions.get(app);
  if (!tokens) sessions.set(app, (tokens = new Map()));
  if (!tokens.has(person.id))
    tokens.set(
      person.id,
      signIn(app, person.username, person.password).then((t) => t.token),
    );
  return async (options: InjectOptions) => injectAs(app, await tokens.get(person.id)!)(options);
}

export const addressUrl = (personId: string, addressId?: string) =>
  `/api/v1/person/${personId}/address${addressId ? `/${addressId}` : ''}`;
