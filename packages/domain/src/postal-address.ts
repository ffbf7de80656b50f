/**
 * Country codes and postal addresses as people read them: the address card, an event's place and
 * the person's one-line primary address (spec 01 §9 "Default address country CH").
 */

/** The home country: an address without a country is in it, and its printed form leaves it off. */
export const homeCountryCode = 'CH';

/** ISO 3166-1 alpha-2 as stored: two upper-case letters. */
export const countryCodePattern = /^[A-Z]{2}$/;

/** A country code as stored and compared: trimmed, upper case; blank or absent is null. */
export function normaliseCountryCode(code: string | null | undefined): string | null {
  const value = code?.trim().toUpperCase();
  return value ? value : null;
}

/** The country a printed address names: the code, unless there is none or it is the home country. */
export function foreignCountryCode(code: string | null | undefined): string | null {
  const value = normaliseCountryCode(code);
  return value === homeCountryCode ? null : value;
}

/** What a postal address is made of (an event's place has no county and state). */
export type PostalAddress = {
  address1: string | null;
  address2: string | null;
  street: string | null;
  zip: string | null;
  city: string | null;
  county?: string | null;
  state?: string | null;
  countryCode: string | null;
};

/**
 * The lines of an address as they go on an envelope: address lines, street, zip and city, county
 * and state, a foreign country (`countryText` names it: the web app its name, the API its code).
 * Blank lines are left out.
 */
export function postalAddressLines(
  address: PostalAddress,
  countryText: (code: string) => string = (code) => code,
): string[] {
  const country = foreignCountryCode(address.countryCode);
  return [
    address.address1,
    address.address2,
    address.street,
    [address.zip, address.city].filter(Boolean).join(' '),
    [address.county, address.state].filter(Boolean).join(', '),
    country === null ? null : countryText(country),
  ].filter((line): line is string => Boolean(line?.trim()));
}
