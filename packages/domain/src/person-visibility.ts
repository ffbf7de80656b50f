import type { Actor } from './actor';
import {
  type PersonScope,
  canEditPerson,
  canEditSubscriptions,
  canSeeAcceptedTerms,
  canSeeAuditTrail,
  canSeeConsentLog,
  canSeeManagerFields,
  canSeePerson,
} from './permissions';

/**
 * Issue 25 "Who can see me" (docs/decisions/self-service.md): the parts of a person's data and
 * the predicate each read of the API decides it by. The API's services call these very
 * predicates; this table only names them per part, so the panel cannot tell another story.
 */
export type VisibilityPerson = PersonScope & { isArchived: boolean; isProfilePublic: boolean };
type PartRule = (actor: Actor, person: VisibilityPerson) => boolean;

export const personDataParts = {
  /** GET person/{id}: names, salutation, title, languages, primary club, flags, primary contact. */
  profile: (actor, person) => canSeePerson(actor, person),
  /** GET person/{id}/address: her addresses with e-mails, phones and web addresses. */
  contact: (actor, person) => canSeePerson(actor, person),
  /** GET person/{id}/club: her club roles. */
  clubs: (actor, person) => canSeePerson(actor, person),
  /** Birthday and presentation flag in GET person/{id} (hideManagerFields). */
  managerFields: (actor, person) => canSeePerson(actor, person) && canSeeManagerFields(actor, person),
  /** GET person/{id}/sys-info: username, who created and changed her. */
  system: (actor, person) => canSeePerson(actor, person) && canEditPerson(actor, person),
  /** The date she accepted the terms, in the sys-info. */
  acceptedTerms: (actor, person) =>
    canSeePerson(actor, person) && canEditPerson(actor, person) && canSeeAcceptedTerms(actor),
  /** GET person/{id}/notification-subscription. */
  subscriptions: (actor, person) => canEditSubscriptions(actor, person),
  /** GET person/{id}/consent-log. */
  consentLog: (actor, person) => canSeePerson(actor, person) && canSeeConsentLog(actor, person),
  /** GET person/{id}/audit-entry: who changed, exported or downloaded her data. */
  auditTrail: (actor, person) => canSeePerson(actor, person) && canSeeAuditTrail(actor),
} as const satisfies Record<string, PartRule>;
export type PersonDataPart = keyof typeof personDataParts;
export const personDataPartNames = Object.keys(personDataParts) as PersonDataPart[];

/** The kinds of viewer the panel speaks of; the club ones once per club she is in. */
export type VisibilityAudience =
  | { kind: 'signedIn'; clubId: null }
  | { kind: 'clubMember'; clubId: string }
  | { kind: 'clubManager'; clubId: string }
  | { kind: 'eventManager'; clubId: string }
  | { kind: 'otherClubManager'; clubId: null }
  | { kind: 'centralCommittee'; clubId: null }
  | { kind: 'admin'; clubId: null };

const OTHER = '00000000-0000-4000-8000-000000000000';
/** A viewer of that kind who is not she herself (the predicates compare the person id). */
export function representativeActor(audience: VisibilityAudience): Actor {
  const none: Actor = {
    personId: OTHER,
    isAdmin: false,
    isCentralCommittee: false,
    clubManagerOf: [],
    eventManagerOf: [],
    memberOf: [],
  };
  switch (audience.kind) {
    case 'signedIn':
      return { ...none, memberOf: [OTHER] };
    case 'clubMember':
      return { ...none, memberOf: [audience.clubId] };
    case 'clubManager':
      return { ...none, clubManagerOf: [audience.clubId] };
    case 'eventManager':
      return { ...none, eventManagerOf: [audience.clubId] };
    case 'otherClubManager':
      return { ...none, clubManagerOf: [OTHER] };
    case 'centralCommittee':
      return { ...none, isCentralCommittee: true };
    case 'admin':
      return { ...none, isAdmin: true, isCentralCommittee: true };
  }
}

/** Every audience that matters for her: everybody, then per club she is in, then the roles above clubs. */
export function audiencesOf(person: PersonScope): VisibilityAudience[] {
  const clubIds = [...new Set([...(person.primaryClubId ? [person.primaryClubId] : []), ...person.clubIds])];
  return [
    { kind: 'signedIn', clubId: null },
    ...clubIds.flatMap((clubId): VisibilityAudience[] => [
      { kind: 'clubMember', clubId },
      { kind: 'clubManager', clubId },
      { kind: 'eventManager', clubId },
    ]),
    { kind: 'otherClubManager', clubId: null },
    { kind: 'centralCommittee', clubId: null },
    { kind: 'admin', clubId: null },
  ];
}

export const visiblePartsFor = (actor: Actor, person: VisibilityPerson): PersonDataPart[] =>
  personDataPartNames.filter((part) => personDataParts[part](actor, person));

export type VisibilityEntry = { audience: VisibilityAudience; parts: PersonDataPart[] };
export type VisibilityChange = { audience: VisibilityAudience; gains: PersonDataPart[]; loses: PersonDataPart[] };

/**
 * Who sees which parts of her data, and what would change for whom if she turned her profile
 * visibility the other way (computed by the same rules on the flipped setting).
 */
export function whoCanSee(person: VisibilityPerson): {
  entries: VisibilityEntry[];
  ifProfileVisibilityChanged: VisibilityChange[];
} {
  const flipped = { ...person, isProfilePublic: !person.isProfilePublic };
  const audiences = audiencesOf(person);
  const entries = audiences.map((audience) => ({
    audience,
    parts: visiblePartsFor(representativeActor(audience), person),
  }));
  const ifProfileVisibilityChanged = entries
    .map(({ audience, parts }) => {
      const after = visiblePartsFor(representativeActor(audience), flipped);
      return {
        audience,
        gains: after.filter((part) => !parts.includes(part)),
        loses: parts.filter((part) => !after.includes(part)),
      };
    })
    .filter((change) => change.gains.length > 0 || change.loses.length > 0);
  return { entries, ifProfileVisibilityChanged };
}
