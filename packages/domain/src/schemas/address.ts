import { z } from 'zod';
import { addressTypeSchema, AddressType, phoneTypeSchema, PhoneType, urlTypeSchema, UrlType } from '../enums/address';
import { competenceTopicEnum } from '../enums/competence';
import { enumSchema } from '../enums/enum-helpers';
import { salutationSchema, titleSchema } from '../enums/person-fields';
import { ValidationCode, countryCodeOrHome, emailAddress, httpUrl, optionalText, requiredText } from '../validation';

/**
 * Spec 01 §3 "Address (contact entry)" and §5 "Address": the payload of POST and PUT
 * person/{id}/address[/{addressId}] and the answer of GET person/{id}/address. One schema
 * validates the address form, the request and documents the API.
 */
const c = ValidationCode;

/** An entry's id: present for an existing entry (PUT updates it), absent for a new one. */
const entryId = () => z.uuid({ error: c.invalid }).optional();
const entryLabel = () => optionalText(100);

export const addressEmailInputSchema = z.object({
  id: entryId(),
  label: entryLabel(),
  value: emailAddress(),
});
export const addressPhoneInputSchema = z.object({
  id: entryId(),
  label: entryLabel(),
  value: requiredText(50),
  phoneType: phoneTypeSchema.default(PhoneType.landline),
});
export const addressUrlInputSchema = z.object({
  id: entryId(),
  label: entryLabel(),
  value: httpUrl(),
  urlType: urlTypeSchema.default(UrlType.website),
});

/** Absent or null lists are empty; at most 20 entries of a kind per address. */
const entries = <T extends z.ZodType>(entry: T) =>
  z.preprocess((v) => v ?? [], z.array(entry).max(20, { error: c.tooLong }));

export const addressInputSchema = z.object({
  addressType: addressTypeSchema.default(AddressType.private),
  label: requiredText(100),
  salutation: salutationSchema.nullish(),
  title: titleSchema.nullish(),
  firstname: optionalText(100),
  lastname: optionalText(100),
  // Business data (the form's business tab, spec 01 §2 "Address form").
  company: optionalText(200),
  companySector: optionalText(200),
  /** The spec's "role within the company". */
  companyRole: optionalText(200),
  /** Free text (the stored column is text); the topics are in `competences`. */
  mainCompetence: optionalText(200),
  competences: z.preprocess(
    (v) => v ?? [],
    z
      .array(enumSchema(competenceTopicEnum))
      .max(20, { error: c.tooLong })
      .transform((list) => [...new Set(list)]),
  ),
  // Postal data.
  address1: optionalText(200),
  address2: optionalText(200),
  street: optionalText(200),
  city: optionalText(100),
  zip: optionalText(20),
  county: optionalText(100),
  state: optionalText(100),
  /** Absent, null or "" is CH (spec 01 §9 "Default address country CH"). */
  countryCode: countryCodeOrHome(),
  emails: entries(addressEmailInputSchema),
  phones: entries(addressPhoneInputSchema),
  urls: entries(addressUrlInputSchema),
});
/** What the form holds and the client sends. */
export type AddressInput = z.input<typeof addressInputSchema>;
/** What the server works with after validation (defaults applied, texts trimmed, "" as null). */
export type AddressData = z.output<typeof addressInputSchema>;

const entryOut = { id: z.string(), label: z.string().nullable(), value: z.string() };
export const addressEmailSchema = z.object(entryOut);
export const addressPhoneSchema = z.object({ ...entryOut, phoneType: z.number().int() });
export const addressUrlSchema = z.object({ ...entryOut, urlType: z.number().int() });

export const addressSchema = z.object({
  id: z.string(),
  personId: z.string(),
  addressType: z.number().int(),
  label: z.string(),
  salutation: z.number().int().nullable(),
  title: z.number().int().nullable(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  company: z.string().nullable(),
  companySector: z.string().nullable(),
  companyRole: z.string().nullable(),
  mainCompetence: z.string().nullable(),
  competences: z.array(z.number().int()),
  /** Shown with GET person/{id}/address/{addressId}/competence-logo; null when none. */
  competenceLogoId: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  county: z.string().nullable(),
  state: z.string().nullable(),
  countryCode: z.string(),
  emails: z.array(addressEmailSchema),
  phones: z.array(addressPhoneSchema),
  urls: z.array(addressUrlSchema),
});
export type Address = z.infer<typeof addressSchema>;
export type AddressEmail = z.infer<typeof addressEmailSchema>;
export type AddressPhone = z.infer<typeof addressPhoneSchema>;
export type AddressUrl = z.infer<typeof addressUrlSchema>;

/** GET person/{id}/address: every address of the person, in creation order. */
export const addressListSchema = z.object({ items: z.array(addressSchema), total: z.number().int() });
export type AddressList = z.infer<typeof addressListSchema>;

export const personAddressParamsSchema = z.object({
  id: z.uuid({ error: c.invalid }),
  addressId: z.uuid({ error: c.invalid }),
});

/**
 * PUT person/{id}/primary-address, -phone, -email, -url and -club (spec 01 §4 "Primary toggles"):
 * the item to mark primary, or null to unset it. Choosing the current primary sends null.
 */
export const primaryItemBodySchema = z.object({ id: z.uuid({ error: c.invalid }).nullable() });
export type PrimaryItemBody = z.infer<typeof primaryItemBodySchema>;
export const primaryItemKinds = ['address', 'phone', 'email', 'url', 'club'] as const;
export type PrimaryItemKind = (typeof primaryItemKinds)[number];
