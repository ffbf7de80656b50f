import { AddressType, PhoneType } from '@bpw/domain/enums/address';
import type { Locale } from '@bpw/domain/enums/language';
import { Title, titleEnum } from '@bpw/domain/enums/person-fields';
import type { Actor } from '@bpw/domain/permissions';
import { mainCompetenceText } from '@bpw/domain/main-competence';
import type { Address } from '@bpw/domain/schemas/address';
import type { FeatureDeps } from '../../platform/feature-deps';
import { notFound } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { findPersonAddresses } from '../addresses/addresses.service';
import { buildVCard, type VCardData, vCardContentDisposition } from './v-card';
import { findVCardPerson } from './v-card.queries';

type VCardDeps = Pick<FeatureDeps, 'db' | 'now'>;

const phoneTypes: Record<number, string[]> = {
  [PhoneType.landline]: ['voice'],
  [PhoneType.direct]: ['voice'],
  [PhoneType.mobile]: ['cell'],
  [PhoneType.fax]: ['fax'],
};
const placeOf = (address: Address) => (address.addressType === AddressType.business ? 'work' : 'home');
const titlesBeforeName = new Set<number>([Title.dr, Title.prof]);

/**
 * GET person/{id}/v-card (spec 01 §2 "export vCard"): every signed-in user, like the addresses it
 * carries (docs/decisions/contact-entries.md). All addresses; the primary items are PREF=1.
 */
export async function getPersonVCard(deps: VCardDeps, actor: Actor, personId: string, locale: Locale) {
  const person = await findVCardPerson(deps.db, { personId });
  if (!person) throw notFound();
  const { items } = await findPersonAddresses(deps, actor, personId);
  const titleLabel = titleEnum.is(person.title) ? translate(locale, titleEnum.labelKey(person.title)) : null;
  const isPrefix = person.title !== null && titlesBeforeName.has(person.title);
  const business =
    items.find((a) => a.id === person.primaryAddressId && a.addressType === AddressType.business) ??
    items.find((a) => a.addressType === AddressType.business);
  const card: VCardData = {
    firstname: person.firstname,
    lastname: person.lastname,
    prefix: isPrefix ? titleLabel : null,
    suffix: isPrefix ? null : titleLabel,
    organisation: business?.company ?? null,
    jobTitle: business?.companyRole ?? null,
    // A topic's number (older and demo data) is that topic's label, as on the person page.
    note: mainCompetenceText(business?.mainCompetence, (key) => translate(locale, key)),
    addresses: items
      .filter((a) => a.street || a.address1 || a.address2 || a.city || a.zip)
      .map((a) => ({
        types: [placeOf(a)],
        street: [a.address1, a.street].filter(Boolean).join('\n') || null,
        extended: a.address2,
        city: a.city,
        region: a.state ?? a.county,
        zip: a.zip,
        countryCode: a.countryCode,
        isPreferred: a.id === person.primaryAddressId,
      })),
    emails: items.flatMap((a) =>
      a.emails.map((e) => ({ value: e.value, types: [placeOf(a)], isPreferred: e.id === person.primaryEmailId })),
    ),
    phones: items.flatMap((a) =>
      a.phones.map((p) => ({
        value: p.value,
        types: [placeOf(a), ...(phoneTypes[p.phoneType] ?? [])],
        isPreferred: p.id === person.primaryPhoneId,
      })),
    ),
    urls: items.flatMap((a) =>
      a.urls.map((u) => ({ value: u.value, types: [placeOf(a)], isPreferred: u.id === person.primaryUrlId })),
    ),
  };
  return { body: buildVCard(card), contentDisposition: vCardContentDisposition(person) };
}
