import { addressTypeLabelKey } from '@bpw/domain/enums/address';
import { localeOfLanguage, type LanguageCode } from '@bpw/domain/enums/language';
import type { AddressGroup, AddressImportField } from '@bpw/domain/import-fields';
import { type Actor, canEditPerson, canManageClubRelationsOf } from '@bpw/domain/permissions';
import { type Address, addressInputSchema } from '@bpw/domain/schemas/address';
import { clubRelationCreateBodySchema } from '@bpw/domain/schemas/membership';
import { isNotInFuture, personUpdateBodySchema } from '@bpw/domain/schemas/person';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import type { AuditEntryParams } from '../../platform/audit';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db-errors';
import type { Message } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { validationMessages } from '../../platform/validation-messages';
import { fillImportedPrimaries, saveImportedAddress } from '../addresses/address-import.service';
import { type ImportRelation, saveImportedMembership } from '../memberships/membership-import.service';
import {
  createImportedPerson,
  findPersonMatchesForImport,
  findStoredPersonForImport,
  setImportedPrimaryClub,
  updateImportedPerson,
} from '../persons/person-import.service';
import { type ParsedRow, rowEmails } from './import-row';

export type RowOutcomeName = 'created' | 'updated' | 'unchanged' | 'refused';
export type RowOutcome = {
  outcome: RowOutcomeName;
  reasons: Message[];
  personId: string | null;
  /** The row's audit entries; the run writes those of a batch in one statement. */
  audit: AuditEntryParams[];
};
export type ApplyContext = { actor: Actor; now: Date; today: string; uploadId: string };

class RowRefused extends Error {
  constructor(readonly reasons: Message[]) {
    super('row refused');
  }
}
const refuse = (...reasons: Message[]): never => {
  throw new RowRefused(reasons);
};

/** zod issues as the API's validation messages (the same wording as the forms). */
function issuesOf(error: z.ZodError, scope?: string): Message[] {
  return validationMessages(
    error.issues.map((issue) => ({
      keyword: issue.code,
      instancePath: `/${issue.path.join('/')}`,
      message: issue.message,
      params: issue as unknown as Record<string, unknown>,
    })),
    scope,
  );
}

/**
 * Stores one row (issue 16) in a savepoint of the caller's transaction: all of it, or nothing and
 * a refusal with its reasons. The preview runs the same code in a transaction it rolls back, so
 * it shows exactly what the run will do.
 */
export async function applyRow(tx: Tx, context: ApplyContext, row: ParsedRow): Promise<RowOutcome> {
  try {
    return await tx.transaction((savepoint) => storeRow(savepoint, context, row));
  } catch (error) {
    if (error instanceof RowRefused) return { outcome: 'refused', reasons: error.reasons, personId: null, audit: [] };
    // A concurrent change (another import, a deleted club): the row is refused, the run goes on.
    if (isUniqueViolation(error) || isForeignKeyViolation(error))
      return { outcome: 'refused', reasons: [{ key: 'error.conflict' }], personId: null, audit: [] };
    throw error;
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** What the row's writes need of the person as she is now (kept up to date in memory). */
type PersonState = {
  languageCode: string;
  primaryClubId: string | null;
  primaries: Record<PrimaryKind, string | null>;
  addresses: Address[];
  relations: readonly ImportRelation[];
};
type PrimaryKind = 'address' | 'email' | 'phone' | 'url';

/**
 * One row: the stored person is read once (fields, access, addresses with entries, relations),
 * compared in memory, and only what changed is written (docs/decisions/import.md).
 */
async function storeRow(tx: Tx, context: ApplyContext, row: ParsedRow): Promise<RowOutcome> {
  const { actor, now, today } = context;
  if (row.errors.length > 0) refuse(...row.errors);
  const membership = row.membership;
  if (membership) {
    if (!membership.club) refuse({ key: 'import.row.unknownClub', params: { club: membership.clubName } });
    if (membership.type === undefined) refuse({ key: 'validation.required', params: { field: 'membershipType' } });
    if (!canManageClubRelationsOf(actor, membership.club!.id))
      refuse({ key: 'import.error.unmanagedClub', params: { club: membership.club!.name } });
  } else if (!actor.isAdmin) refuse({ key: 'import.row.clubRequired' });

  const matches = await findPersonMatchesForImport(tx, {
    emails: rowEmails(row),
    firstname: row.person.firstname ?? null,
    lastname: row.person.lastname ?? null,
    birthday: row.person.birthday ?? null,
  });
  if (matches.length > 1) refuse({ key: 'import.row.ambiguous' });
  const audit: AuditEntryParams[] = [];
  let isChanged = false;
  let personId: string;
  let person: PersonState;

  if (matches[0] !== undefined) {
    personId = matches[0];
    const stored = await findStoredPersonForImport(tx, { id: personId, today });
    // Deleted since the match (another import, a merge): the row is refused, the run goes on.
    if (!stored) return refuse({ key: 'error.conflict' });
    if (!canEditPerson(actor, stored.access)) refuse({ key: 'import.row.notAllowed' });
    const fields = (Object.keys(row.person) as (keyof typeof row.person)[]).filter(
      (key) => !same(row.person[key], stored[key]),
    );
    const data = fields.length > 0 ? validPerson({ ...stored, ...row.person }, today) : undefined;
    if (data) {
      const isLanguagesChanged = fields.includes('spokenLanguages');
      await updateImportedPerson(tx, {
        id: personId,
        data,
        isLanguagesChanged,
        actorId: actor.personId,
        now,
        before: stored,
      });
      audit.push(personAudit(context, 'updated', personId, { fields }));
      isChanged = true;
    }
    person = {
      languageCode: data?.languageCode ?? stored.languageCode,
      primaryClubId: stored.primaryClubId,
      primaries: {
        address: stored.primaryAddressId,
        email: stored.primaryEmailId,
        phone: stored.primaryPhoneId,
        url: stored.primaryUrlId,
      },
      addresses: stored.addresses,
      relations: stored.relations,
    };
  } else {
    if (!row.person.lastname) refuse({ key: 'validation.required', params: { field: 'lastname' } });
    const data = validPerson({ languageCode: 'de', ...row.person }, today);
    const primaryClubId = membership?.club?.id ?? null;
    personId = await createImportedPerson(tx, { data, primaryClubId, actorId: actor.personId, now });
    audit.push(personAudit(context, 'created', personId, {}));
    person = {
      languageCode: data.languageCode,
      primaryClubId,
      primaries: { address: null, email: null, phone: null, url: null },
      addresses: [],
      relations: [],
    };
  }

  const firstNew: Partial<Record<PrimaryKind, string>> = {};
  if (await storeAddresses(tx, context, { personId, person, row, audit, firstNew })) isChanged = true;

  if (membership) {
    const relation = clubRelationCreateBodySchema.safeParse({
      clubId: membership.club!.id,
      type: membership.type,
      membershipTypeLabel: null,
      from: membership.from ?? today,
      to: membership.to ?? null,
    });
    if (!relation.success) refuse(...issuesOf(relation.error));
    const saved = await saveImportedMembership(tx, {
      actor,
      personId,
      membership: {
        clubId: membership.club!.id,
        type: membership.type!,
        membershipTypeLabel: null,
        from: membership.from,
        to: membership.to,
      },
      stored: person.relations,
      today,
      now,
    });
    audit.push(...saved.audit);
    if (saved.outcome !== 'unchanged') {
      isChanged = true;
      if (person.primaryClubId === null)
        await setImportedPrimaryClub(tx, { id: personId, clubId: membership.club!.id });
    }
  }
  // New items become primary where she has none of their kind: one statement for the row.
  const primaries = Object.fromEntries(
    Object.entries(firstNew).filter(([kind]) => person.primaries[kind as PrimaryKind] === null),
  );
  if (Object.keys(primaries).length > 0) await fillImportedPrimaries(tx, { personId, ...primaries });
  return {
    outcome: matches.length === 0 ? 'created' : isChanged ? 'updated' : 'unchanged',
    reasons: [],
    personId,
    audit,
  };
}

function validPerson(input: Record<string, unknown>, today: string) {
  const parsed = personUpdateBodySchema.safeParse(input);
  if (!parsed.success) return refuse(...issuesOf(parsed.error));
  if (!isNotInFuture(parsed.data.birthday, today))
    refuse({ key: 'validation.notInFuture', params: { field: 'birthday' } });
  return parsed.data;
}

const personAudit = (
  context: ApplyContext,
  action: 'created' | 'updated',
  personId: string,
  details: Record<string, unknown>,
) => ({
  actorPersonId: context.actor.personId,
  action,
  entity: 'person',
  entityId: personId,
  subjectPersonId: personId,
  at: context.now,
  details: { ...details, via: 'import', importId: context.uploadId },
});

const columnOf: Record<Exclude<AddressImportField, 'email' | 'phone' | 'url'>, keyof Address> = {
  company: 'company',
  companySector: 'companySector',
  companyRole: 'companyRole',
  address1: 'address1',
  address2: 'address2',
  street: 'street',
  zip: 'zip',
  city: 'city',
  country: 'countryCode',
};

/**
 * The row's address groups: `address` is the primary address, `private` and `business` the
 * first address of that type; missing ones are created. An e-mail, phone or URL the person has
 * on any address already is not added again. Compared with the addresses read with the person;
 * answers whether anything changed, and notes the first new item of each kind in `firstNew`.
 */
async function storeAddresses(
  tx: Tx,
  context: ApplyContext,
  params: {
    personId: string;
    person: PersonState;
    row: ParsedRow;
    audit: AuditEntryParams[];
    firstNew: Partial<Record<PrimaryKind, string>>;
  },
): Promise<boolean> {
  const { personId, person, row, firstNew } = params;
  const groups = Object.entries(row.addresses) as [AddressGroup, NonNullable<ParsedRow['addresses'][AddressGroup]>][];
  if (groups.length === 0) return false;
  const stored = person.addresses;
  const known = new Set(
    stored.flatMap((a) => [...a.emails, ...a.phones, ...a.urls].map((e) => e.value.trim().toLowerCase())),
  );
  let isChanged = false;
  for (const [group, values] of groups) {
    const primaryAddressId = person.primaries.address ?? firstNew.address;
    const target =
      group === 'address'
        ? (stored.find((a) => a.id === primaryAddressId) ?? stored[0])
        : stored.find((a) => a.addressType === (group === 'business' ? 10 : 0));
    const changes: Record<string, string> = {};
    for (const [field, column] of Object.entries(columnOf)) {
      const value = values[field as AddressImportField];
      if (value !== undefined && (!target || !same(value, target[column]))) changes[column] = value;
    }
    const entry = (value: string | undefined) =>
      value !== undefined && !known.has(value.toLowerCase()) ? [{ value }] : [];
    const emails = entry(values.email);
    const phones = entry(values.phone);
    const urls = entry(values.url);
    if (Object.keys(changes).length === 0 && emails.length + phones.length + urls.length === 0) continue;
    const addressType = group === 'business' ? 10 : 0;
    const label = translate(localeOfLanguage[person.languageCode as LanguageCode], addressTypeLabelKey(addressType));
    const input = target
      ? {
          ...target,
          ...changes,
          emails: [...target.emails, ...emails],
          phones: [...target.phones, ...phones],
          urls: [...target.urls, ...urls],
        }
      : { addressType, label, ...changes, emails, phones, urls };
    const parsed = addressInputSchema.safeParse(input);
    if (!parsed.success) refuse(...issuesOf(parsed.error, 'addressForm'));
    const data = parsed.data!;
    const saved = await saveImportedAddress(tx, {
      actor: context.actor,
      personId,
      stored: target ?? null,
      data,
      now: context.now,
    });
    params.audit.push(...saved.audit);
    for (const e of [...emails, ...phones, ...urls]) known.add(e.value.toLowerCase());
    isChanged = true;
    // The address as it is now, so that a second group of the same type finds it.
    const withIds = <E>(list: readonly E[], ids: readonly string[] = []) => {
      let next = 0;
      return list.map((e) => ((e as { id?: string }).id ? e : { ...e, id: ids[next++] }));
    };
    const now = {
      ...(target ?? { id: saved.addressId, personId, competenceLogoId: null }),
      ...data,
      emails: withIds(data.emails, saved.created.emails),
      phones: withIds(data.phones, saved.created.phones),
      urls: withIds(data.urls, saved.created.urls),
    } as Address;
    if (target) stored[stored.indexOf(target)] = now;
    else {
      stored.push(now);
      firstNew.address ??= saved.addressId;
    }
    firstNew.email ??= saved.created.emails?.[0];
    firstNew.phone ??= saved.created.phones?.[0];
    firstNew.url ??= saved.created.urls?.[0];
  }
  return isChanged;
}
