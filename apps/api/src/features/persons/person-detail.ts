import { type Actor, type PersonScope, hideManagerFields } from '@bpw/domain/permissions';
import type { PersonDetail } from '@bpw/domain/schemas/person';
import { type PostalAddress, postalAddressLines } from '@bpw/domain/postal-address';
import type { PersonDetailRow } from './person-detail.queries';

type Item = { id: string | null; value: string | null; label: string | null };
const primary = (item: Item | null) =>
  item && item.id !== null && item.value !== null
    ? { id: item.id, value: item.value, addressLabel: item.label ?? '' }
    : null;
const personRef = (p: { id: string | null; firstname: string | null; lastname: string | null } | null) =>
  p && p.id !== null && p.lastname !== null ? { id: p.id, firstname: p.firstname, lastname: p.lastname } : null;

/** The primary address as one line: "Bahnhofstrasse 1, 3000 Bern" (the country's code unless CH). */
const addressLine = (address: PostalAddress) => postalAddressLines(address).join(', ');

/**
 * The answer of GET person/{id} for `viewer`: the manager-only fields (birthday, presentation
 * flag) are null unless she may see them (`hideManagerFields`, the export's rule too).
 */
export function toPersonDetail(
  row: PersonDetailRow,
  viewer: { actor: Actor; person: PersonScope },
): Omit<PersonDetail, 'canControlAccount'> {
  const p = row.person;
  const address = row.address && row.address.id !== null ? row.address : null;
  return hideManagerFields(viewer.actor, viewer.person, {
    id: p.id,
    salutation: p.salutation,
    title: p.title,
    firstname: p.firstname,
    lastname: p.lastname,
    birthday: p.birthday,
    timeZone: p.timeZone,
    languageCode: p.languageCode,
    countryCode: p.countryCode,
    spokenLanguages: (row.spokenLanguages ?? []).map((languageCode) => ({ languageCode })),
    isProfilePublic: p.isProfilePublic,
    isPresentationDone: p.isPresentationDone as boolean | null,
    isCoach: p.isCoach,
    employmentType: p.employmentType,
    bpwCourier: p.bpwCourier,
    advertising: p.advertising,
    mentoringAreas: (row.mentoringAreas ?? []).map((personMentoringType) => ({ personMentoringType })),
    coach1: personRef(row.coach1),
    coach2: personRef(row.coach2),
    primaryClubId: p.primaryClubId,
    primaryPhoneId: p.primaryPhoneId,
    primaryEmailId: p.primaryEmailId,
    primaryUrlId: p.primaryUrlId,
    primaryAddressId: p.primaryAddressId,
    primaryClub: p.primaryClubId && row.clubName !== null ? { id: p.primaryClubId, name: row.clubName } : null,
    primaryPhone: primary(row.phone),
    primaryEmail: primary(row.email),
    primaryUrl: primary(row.url),
    primaryAddress:
      address && address.id !== null
        ? { id: address.id, value: addressLine(address) || (address.label ?? ''), addressLabel: address.label ?? '' }
        : null,
    avatarId: p.avatarId,
    state: p.state,
  });
}
