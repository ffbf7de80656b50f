import type { CrashWorld } from './crash-world';

/**
 * The multi-row writes the crash test drives over HTTP, each one request and one transaction:
 * - person: person, account, first club relation and audit entry;
 * - address: an address with two e-mails and a phone;
 * - registration: a guest registration with two custom values and its mail (outbox);
 * - invitation: an admin mails a person a welcome link (token and mail).
 */
export const writeKinds = ['person', 'address', 'registration', 'invitation'] as const;
export type WriteKind = (typeof writeKinds)[number];

/** What the API acknowledged (2xx): all of it must be in the database after the last restart. */
export type Acknowledged = {
  persons: { id: string; username: string }[];
  addressIds: string[];
  registrationIds: string[];
  invitationsByPerson: Map<string, number>;
};

export type WriteOutcome = 'acknowledged' | 'interrupted' | { kind: WriteKind; unexpectedStatus: number; body: string };

let addressSequence = 0;
/** Each request from an address of its own: the per-address rate limits are not under test. */
const nextClientAddress = () => {
  addressSequence++;
  return `10.${(addressSequence >> 16) & 255}.${(addressSequence >> 8) & 255}.${addressSequence & 255}`;
};

export async function performWrite(options: {
  baseUrl: string;
  adminToken: string;
  world: CrashWorld;
  kind: WriteKind;
  n: number;
  acknowledged: Acknowledged;
}): Promise<WriteOutcome> {
  const { kind, n, world, acknowledged } = options;
  const someone = acknowledged.persons[n % Math.max(1, acknowledged.persons.length)];
  const call = async (method: string, url: string, body: object, isSignedIn: boolean) => {
    try {
      const res = await fetch(`${options.baseUrl}/api/v1${url}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': nextClientAddress(),
          ...(isSignedIn ? { authorization: `Bearer ${options.adminToken}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      return { status: res.status, text: await res.text() };
    } catch {
      return null; // the server died under the request
    }
  };

  if (kind === 'person' || !someone) {
    const username = `crash-${n}-${Date.now()}@example.test`;
    const res = await call(
      'POST',
      '/person',
      {
        username,
        password: 'Wiesen-Blume-77',
        firstname: 'Kim',
        lastname: `Crash ${n}`,
        birthday: '1990-06-15',
        language: 'de',
        clubId: world.clubId,
        membershipType: 0,
        clubFrom: '2024-01-01',
      },
      true,
    );
    if (!res) return 'interrupted';
    if (res.status !== 201) return { kind, unexpectedStatus: res.status, body: res.text };
    acknowledged.persons.push({ id: (JSON.parse(res.text) as { id: string }).id, username });
    return 'acknowledged';
  }
  if (kind === 'address') {
    const res = await call(
      'POST',
      `/person/${someone.id}/address`,
      {
        addressType: 0,
        label: `Adresse ${n}`,
        street: 'Bundesplatz 3',
        zip: '3003',
        city: 'Bern',
        countryCode: 'CH',
        emails: [{ value: `a${n}@example.test` }, { value: `b${n}@example.test` }],
        phones: [{ value: '+41 31 000 00 00', phoneType: 0 }],
        urls: [],
      },
      true,
    );
    if (!res) return 'interrupted';
    if (res.status !== 201) return { kind, unexpectedStatus: res.status, body: res.text };
    acknowledged.addressIds.push((JSON.parse(res.text) as { id: string }).id);
    return 'acknowledged';
  }
  if (kind === 'registration') {
    const res = await call(
      'POST',
      `/event-public/${world.eventId}/event-registration`,
      {
        firstname: 'Gast',
        lastname: `Crash ${n}`,
        email: `guest-${n}-${Date.now()}@example.test`,
        street: 'Claridenstrasse 5',
        zip: '8002',
        city: 'Zürich',
        eventCustomFieldValues: [
          { eventCustomFieldId: world.fieldIds[0], value: 'vegetarisch' },
          { eventCustomFieldId: world.fieldIds[1], value: 'Zug' },
        ],
      },
      false,
    );
    if (!res) return 'interrupted';
    if (res.status !== 201) return { kind, unexpectedStatus: res.status, body: res.text };
    acknowledged.registrationIds.push((JSON.parse(res.text) as { id: string }).id);
    return 'acknowledged';
  }
  const res = await call('POST', '/auth/reset-password', { email: someone.username, mailTemplate: 'welcome' }, true);
  if (!res) return 'interrupted';
  if (res.status !== 204) return { kind, unexpectedStatus: res.status, body: res.text };
  acknowledged.invitationsByPerson.set(someone.id, (acknowledged.invitationsByPerson.get(someone.id) ?? 0) + 1);
  return 'acknowledged';
}
