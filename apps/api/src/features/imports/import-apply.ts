import { addressTypeLabelKey } from '@bpw/domain/enums/address';
import { localeOfLanguage, type LanguageCode } from '@bpw/domain/enums/language';
import type { AddressGroup, AddressImportField } from '@bpw/domain/import-fields';
import { type Actor, canEditPerson, canManageClubRelationsOf } from '@bpw/domain/permissions';
import { type Address, addressInputSchema } from '@bpw/domain/schemas/address';
import { clubRelationCreateBodySchema } from '@bpw/domain/schemas/membership';
import { isNotInFuture, personUpdateBodySchema } from '@bpw/domain/schemas/person';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { writeAuditEntry } from '../../platform/audit';
import { requirePersonAccess } from '../../platform/auth/person-guards';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db-errors';
import type { Message } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { validationMessages } from '../../platform/validation-messages';
import { findAddressesForImport, saveImportedAddress } from '../addresses/address-import.service';
import { saveImportedMembership } from '../memberships/membership-import.service';
import {
  createImportedPerson,
  findPersonMatchesForImport,
  findStoredPersonForImport,
  setImportedPrimaryClub,
  updateImportedPerson,
} from '../persons/person-import.service';
import { type ParsedRow, rowEmails } from './import-row';

export type RowOutcomeName = 'created' | 'updated' | 'unchanged' | 'refused';
export type RowOutcome = { outcome: RowOutcomeName; reasons: Message[]; personId: string | null };
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
    if (error instanceof RowRefused) return { outcome: 'refused', reasons: error.reasons, personId: null };
    // A concurrent change (another import, a deleted club): the row is refused, the run goes on.
    if (isUniqueViolation(error) || isForeignKeyViolation(error))
      return { outcome: 'refused', reasons: [{ key: 'error.conflict' }], personId: null };
    throw error;
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

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
  let personId = matches[0] ?? null;
  const isNew = personId === null;
  let isChanged = false;

  if (personId !== null) {
    const access = await requirePersonAccess({ db: tx, now: () => now }, personId);
    if (!canEditPerson(actor, access)) refuse({ key: 'import.row.notAllowed' });
    const stored = (await findStoredPersonForImport(tx, { id: personId }))!;
    const fields = (Object.keys(row.person) as (keyof typeof row.person)[]).filter(
      (key) => !same(row.person[key], stored[key]),
    );
    if (fields.length > 0) {
      const data = validPerson({ ...stored, ...row.person }, today);
      await updateImportedPerson(tx, { id: personId, data, actorId: actor.personId, now });
      await writeAuditEntry(tx, personAudit(context, 'updated', personId, { fields }));
      isChanged = true;
    }
  } else {
    if (!row.person.lastname) refuse({ key: 'validation.required', params: { field: 'lastname' } });
    const data = validPerson({ languageCode: 'de', ...row.person }, today);
    personId = await createImportedPerson(tx, {
      data,
      primaryClubId: membership?.club?.id ?? null,
      actorId: actor.personId,
      now,
    });
    await writeAuditEntry(tx, personAudit(context, 'created', personId, {}));
  }

  if (await storeAddresses(tx, context, personId, row)) isChanged = true;

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
      today,
      now,
    });
    if (saved !== 'unchanged') {
      isChanged = true;
      await setImportedPrimaryClub(tx, { id: personId, clubId: membership.club!.id });
    }
  }
  return { outcome: isNew ? 'created' : isChanged ? 'updated' : 'unchanged', reasons: [], personId };
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
 * on any address already is not added again. Answers whether anything changed.
 */
async function storeAddresses(tx: Tx, context: ApplyContext, personId: string, row: ParsedRow): Promise<boolean> {
  const groups = Object.entries(row.addresses) as [AddressGroup, NonNullable<ParsedRow['addresses'][AddressGroup]>][];
  if (groups.length === 0) return false;
  const stored = await findAddressesForImport(tx, { personId });
  const person = (await findStoredPersonForImport(tx, { id: personId }))!;
  const known = new Set(
    stored.flatMap((a) => [...a.emails, ...a.phones, ...a.urls].map((e) => e.value.trim().toLowerCase())),
  );
  let isChanged = false;
  for (const [group, values] of groups) {
    const target =
      group === 'address'
        ? (stored.find((a) => a.id === person.primaryAddressId) ?? stored[0])
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
    await saveImportedAddress(tx, {
      actor: context.actor,
      personId,
      addressId: target?.id ?? null,
      data: parsed.data!,
      now: context.now,
    });
    for (const e of [...emails, ...phones, ...urls]) known.add(e.value.toLowerCase());
    isChanged = true;
    // A new address is now the person's; a second group of the same type finds it.
    if (!target)
      stored.push(
        ...(await findAddressesForImport(tx, { personId })).filter((a) => !stored.some((s) => s.id === a.id)),
      );
  }
  return isChanged;
}
