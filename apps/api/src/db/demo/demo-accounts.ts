import type { LanguageCode } from '@bpw/domain/enums/language';
import type { DemoClubKey } from './demo-places';

/** The password of every demo account. */
export const DEMO_PASSWORD = 'Demo-Passw0rd';

/**
 * The demo sign-ins, all with the password `Demo-Passw0rd`:
 * - manager@example.ch   Sandra Meier: club manager (database responsible) of BPW Zürich, member there.
 * - events@example.ch    Laura Brunner: event manager (events responsible) of BPW Zürich, member there.
 * - member@example.ch    Julia Widmer: member of BPW Zürich with registrations and notifications.
 * - committee@example.ch Monique Favre: central committee, board of BPW Switzerland, member of BPW Lausanne.
 * About 36 more persons have an account with their primary e-mail as username and the same password:
 * every other club manager and event manager, and some members.
 */
type DemoAccountDef = {
  key: string;
  username: string;
  firstname: string;
  lastname: string;
  clubKey: DemoClubKey;
  language: LanguageCode;
  isCentralCommittee: boolean;
  role: string;
};

export const demoAccounts = [
  {
    key: 'manager',
    username: 'manager@example.ch',
    firstname: 'Sandra',
    lastname: 'Meier',
    clubKey: 'zurich',
    language: 'de',
    isCentralCommittee: false,
    role: 'club manager of BPW Zürich',
  },
  {
    key: 'events',
    username: 'events@example.ch',
    firstname: 'Laura',
    lastname: 'Brunner',
    clubKey: 'zurich',
    language: 'de',
    isCentralCommittee: false,
    role: 'event manager of BPW Zürich',
  },
  {
    key: 'member',
    username: 'member@example.ch',
    firstname: 'Julia',
    lastname: 'Widmer',
    clubKey: 'zurich',
    language: 'de',
    isCentralCommittee: false,
    role: 'member of BPW Zürich',
  },
  {
    key: 'committee',
    username: 'committee@example.ch',
    firstname: 'Monique',
    lastname: 'Favre',
    clubKey: 'lausanne',
    language: 'fr',
    isCentralCommittee: true,
    role: 'central committee, board of BPW Switzerland',
  },
] as const satisfies readonly DemoAccountDef[];
export type DemoAccountKey = (typeof demoAccounts)[number]['key'];

export type DemoAccount = { username: string; password: string; role: string };
