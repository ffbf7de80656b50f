import { AddressType, PhoneType, UrlType } from '@bpw/domain/enums/address';
import { CompetenceTopic } from '@bpw/domain/enums/competence';
import { LanguageCode } from '@bpw/domain/enums/language';
import type { addressEmails, addresses, addressPhones, addressUrls } from '../schema/index';
import { demoAccounts } from './demo-accounts';
import { addressLabels, companies, companyRoles, companySectors, lastnames } from './demo-names';
import type { DemoPerson } from './demo-persons';
import { streets, type Town } from './demo-places';
import { asciiSlug, type Rng } from './demo-random';

type AddressRow = typeof addresses.$inferInsert & { id: string };
const topics = Object.values(CompetenceTopic);

/** Keeps every e-mail value unique (demo domains only); the demo usernames are reserved. */
export class EmailRegistry {
  private readonly used = new Set<string>(['admin@example.com', ...demoAccounts.map((a) => a.username)]);
  unique(local: string, domain: 'example.ch' | 'example.com'): string {
    for (let n = 1; ; n++) {
      const value = `${local}${n === 1 ? '' : n}@${domain}`;
      if (!this.used.has(value)) {
        this.used.add(value);
        return value;
      }
    }
  }
}

const digits = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.int(0, 9)).join('');
const swissNumber = (rng: Rng, area: string) =>
  `+41 ${area} ${rng.int(2, 9)}${digits(rng, 2)} ${digits(rng, 2)} ${digits(rng, 2)}`;
const mobileNumber = (rng: Rng) => swissNumber(rng, rng.pick(['76', '77', '78', '79']));

const streetOf = (rng: Rng, p: DemoPerson) => {
  const names = streets[p.language === LanguageCode.en ? p.club.language : p.language];
  return `${rng.pick(names.length ? names : streets.de)} ${rng.int(1, 120)}`;
};

/**
 * Each person's contact entries: a private address with e-mail and phones, for some a business
 * address with company, sector, competences and a website. Sets the person's primary items.
 */
export function buildContacts(rng: Rng, people: readonly DemoPerson[], emails: EmailRegistry) {
  const addressRows: AddressRow[] = [];
  const emailRows: (typeof addressEmails.$inferInsert & { id: string })[] = [];
  const phoneRows: (typeof addressPhones.$inferInsert & { id: string })[] = [];
  const urlRows: (typeof addressUrls.$inferInsert & { id: string })[] = [];

  for (const p of people) {
    const personId = p.row.id;
    const first = asciiSlug(p.row.firstname);
    const last = asciiSlug(p.row.lastname);
    const labels = addressLabels[p.language];
    const { salutation, title, firstname, lastname } = p.row;
    const address = (addressType: AddressType, label: string, town: Town, business: Partial<AddressRow> = {}) => {
      const row: AddressRow = { id: rng.uuid(), personId, addressType, label, salutation, title, firstname, lastname };
      Object.assign(row, business, { street: streetOf(rng, p), zip: town[0], city: town[1], state: town[2] });
      addressRows.push({ ...row, countryCode: 'CH' });
      return row;
    };
    const email = (addressId: string, value: string) => {
      const row = { id: rng.uuid(), addressId, personId, value };
      emailRows.push(row);
      return row;
    };
    const phone = (addressId: string, phoneType: PhoneType, value: string, label: string | null = null) => {
      const row = { id: rng.uuid(), addressId, personId, phoneType, label, value };
      phoneRows.push(row);
      return row;
    };
    const url = (addressId: string, urlType: UrlType, value: string, label: string | null = null) =>
      urlRows.push({ id: rng.uuid(), addressId, personId, urlType, label, value });

    const home = address(AddressType.private, labels.private, p.town);
    const special = demoAccounts.find((a) => a.key === p.special);
    const homeDomain = p.language === LanguageCode.en ? 'example.com' : 'example.ch';
    const homeEmail = email(home.id, special?.username ?? emails.unique(`${first}.${last}`, homeDomain));
    if (rng.chance(0.08)) email(home.id, emails.unique(`${first}${p.row.birthday!.slice(0, 4)}`, 'example.com'));
    const mobile = rng.chance(0.9) ? phone(home.id, PhoneType.mobile, mobileNumber(rng)) : undefined;
    const landline =
      !mobile || rng.chance(0.3) ? phone(home.id, PhoneType.landline, swissNumber(rng, p.town[3])) : undefined;

    let primaryAddress = home;
    if (rng.chance(0.4)) {
      const competences = rng.sample(topics, rng.int(1, 4));
      const owner = rng.chance(0.5) ? p.row.lastname : rng.pick(lastnames[p.language]);
      const company = `${owner} ${rng.pick(companies[p.language])}`;
      const work = address(AddressType.business, labels.business, rng.pick(p.club.towns), {
        company,
        companySector: rng.pick(companySectors[p.language]),
        companyRole: rng.pick(companyRoles[p.language]),
        // The text column holds the topic's number, like the competences array.
        mainCompetence: String(competences[0]),
        competences,
      });
      p.company = company;
      if (rng.chance(0.2)) primaryAddress = work;
      email(work.id, emails.unique(`${first.charAt(0)}.${last}`, 'example.com'));
      const area = p.town[3];
      if (rng.chance(0.7)) phone(work.id, PhoneType.direct, swissNumber(rng, area));
      if (rng.chance(0.08)) phone(work.id, PhoneType.fax, swissNumber(rng, area));
      if (rng.chance(0.04)) phone(work.id, PhoneType.other, swissNumber(rng, area), 'Sekretariat');
      if (rng.chance(0.5))
        url(work.id, UrlType.website, `https://example.ch/${asciiSlug(company.replace(/\s+/g, '-'))}`);
    }
    if (rng.chance(0.2)) url(home.id, UrlType.socialMedia, `https://example.ch/linkedin/${first}-${last}`, 'LinkedIn');
    if (rng.chance(0.04)) url(home.id, UrlType.other, `https://example.ch/blog/${first}`, 'Blog');

    p.email = homeEmail.value;
    p.street = primaryAddress.street!;
    p.town = [primaryAddress.zip!, primaryAddress.city!, primaryAddress.state!, p.town[3]];
    p.row.primaryAddressId = primaryAddress.id;
    p.row.primaryEmailId = homeEmail.id;
    p.row.primaryPhoneId = (mobile ?? landline)!.id;
    p.row.primaryUrlId = urlRows.findLast((u) => u.personId === personId)?.id ?? null;
  }
  return { addressRows, emailRows, phoneRows, urlRows };
}
