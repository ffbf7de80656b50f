import { AddressType, PhoneType, UrlType } from '@bpw/domain/enums/address';
import { homeCountryCode } from '@bpw/domain/postal-address';
import type { Address } from '@bpw/domain/schemas/address';

export type AddressFormTab = 'general' | 'business' | 'postal' | 'contact';
export const addressFormTabs: readonly AddressFormTab[] = ['general', 'business', 'postal', 'contact'];

type Entry = { id?: string; label: string; value: string };

/**
 * Form values: the API's address payload (`addressInputSchema` validates them) with "" for empty
 * texts, as the inputs are controlled.
 */
export type AddressFormValues = {
  addressType: number;
  label: string;
  salutation: number | null;
  title: number | null;
  firstname: string;
  lastname: string;
  company: string;
  companySector: string;
  companyRole: string;
  mainCompetence: string;
  competences: number[];
  address1: string;
  address2: string;
  street: string;
  city: string;
  zip: string;
  county: string;
  state: string;
  countryCode: string;
  emails: Entry[];
  phones: (Entry & { phoneType: number })[];
  urls: (Entry & { urlType: number })[];
};

export const emptyEmail = () => ({ label: '', value: '' });
export const emptyPhone = () => ({ label: '', value: '', phoneType: PhoneType.mobile as number });
export const emptyUrl = () => ({ label: '', value: '', urlType: UrlType.website as number });

/** A new address: private, in Switzerland (spec 01 §9 "Default address country CH"). */
export function newAddressValues(): AddressFormValues {
  return {
    addressType: AddressType.private,
    label: '',
    salutation: null,
    title: null,
    firstname: '',
    lastname: '',
    company: '',
    companySector: '',
    companyRole: '',
    mainCompetence: '',
    competences: [],
    address1: '',
    address2: '',
    street: '',
    city: '',
    zip: '',
    county: '',
    state: '',
    countryCode: homeCountryCode,
    emails: [],
    phones: [],
    urls: [],
  };
}

/** An existing address as form values; entries keep their ids so PUT updates them. */
export function addressValues(address: Address): AddressFormValues {
  const text = (value: string | null) => value ?? '';
  return {
    addressType: address.addressType,
    label: address.label,
    salutation: address.salutation,
    title: address.title,
    firstname: text(address.firstname),
    lastname: text(address.lastname),
    company: text(address.company),
    companySector: text(address.companySector),
    companyRole: text(address.companyRole),
    mainCompetence: text(address.mainCompetence),
    competences: address.competences,
    address1: text(address.address1),
    address2: text(address.address2),
    street: text(address.street),
    city: text(address.city),
    zip: text(address.zip),
    county: text(address.county),
    state: text(address.state),
    countryCode: address.countryCode,
    emails: address.emails.map((email) => ({ id: email.id, label: text(email.label), value: email.value })),
    phones: address.phones.map((phone) => ({
      id: phone.id,
      label: text(phone.label),
      value: phone.value,
      phoneType: phone.phoneType,
    })),
    urls: address.urls.map((url) => ({
      id: url.id,
      label: text(url.label),
      value: url.value,
      urlType: url.urlType,
    })),
  };
}

const tabOfField: Record<string, AddressFormTab> = {
  company: 'business',
  companySector: 'business',
  companyRole: 'business',
  mainCompetence: 'business',
  competences: 'business',
  address1: 'postal',
  address2: 'postal',
  street: 'postal',
  city: 'postal',
  zip: 'postal',
  county: 'postal',
  state: 'postal',
  countryCode: 'postal',
  emails: 'contact',
  phones: 'contact',
  urls: 'contact',
};

/** The first tab holding one of the invalid fields, so a failed save shows its error. */
export function firstTabWithError(fields: readonly string[]): AddressFormTab | null {
  const tabs = new Set(fields.map((field) => tabOfField[field] ?? 'general'));
  return addressFormTabs.find((tab) => tabs.has(tab)) ?? null;
}
