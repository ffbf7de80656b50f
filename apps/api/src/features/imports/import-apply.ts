import { addressTypeLabelKey } from '@bpw/domain/enums/address';
import { localeOfLanguage, type LanguageCode } from '@bpw/domain/enums/language';
import type { AddressGroup, AddressImportField } from '@bpw/domain/import-fields';
import { type Actor, canEditPerson, canManageClubRelationsOf } from '@bpw/domain/permissions';
import { type Address, type AddressData, addressInputSchema } from '@bpw/domain/schemas/address';
import type { PersonUpdateData } from '@bpw/domain/schemas/person';
import { randomUUID } from 'node:crypto';
import { clubRelationCreateBodySchema } from '@bpw/domain/schemas/membership';
import { isNotInFuture, personUpdateBodySchema } from '@bpw/domain/schemas/person';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import type { AuditEntryParams } from '../../platform/audit';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db-errors';
import type { Message } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { validationMessages } from '../../platform/validation-messages';
import {
  type EntryKind,
  type SavedImportAddress,
  entryKinds,
  beginEntriesBeforePersons,
  endEntriesBeforePersons,
  fillImportedPrimaries,
  importedAddressAudit,
  insertImportedAddresses,
  insertImportedEntries,
  saveImportedAddress,
} from '../addresses/address-import.service';
import {
  type ImportRelation,
  importedMembershipAudit,
  insertImportedRelations,
  saveImportedMembership,
} from '../memberships/membership-import.service';
import {
  type NewImportedPersonRow,
  createImportedPerson,
  findPersonMatchesForImport,
  findPersonMatchesOfRowsForImport,
  findStoredPersonForImport,
  insertImportedPersons,
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
    return await tx.transaction((savepoint) => storeRow(savepoint, context, row, databaseWrites(savepoint, context)));
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
async function storeRow(
  tx: Tx,
  context: ApplyContext,
  row: ParsedRow,
  writes: NewPersonWrites,
  knownMatches?: readonly string[],
): Promise<RowOutcome> {
  const { actor, now, today } = context;
  if (row.errors.length > 0) refuse(...row.errors);
  const membership = row.membership;
  if (membership) {
    if (!membership.club) refuse({ key: 'import.row.unknownClub', params: { club: membership.clubName } });
    if (membership.type === undefined) refuse({ key: 'validation.required', params: { field: 'membershipType' } });
    if (!canManageClubRelationsOf(actor, membership.club!.id))
      refuse({ key: 'import.error.unmanagedClub', params: { club: membership.club!.name } });
  } else if (!actor.isAdmin) refuse({ key: 'import.row.clubRequired' });

  const matches = knownMatches ?? (await findPersonMatchesForImport(tx, matchKeysOf(row)));
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
    personId = await writes.createPerson({ data, primaryClubId });
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
  if (await storeAddresses(writes, { personId, person, row, audit, firstNew })) isChanged = true;

  if (membership) {
    const relation = clubRelationCreateBodySchema.safeParse({
      clubId: membership.club!.id,
      type: membership.type,
      membershipTypeLabel: null,
      from: membership.from ?? today,
      to: membership.to ?? null,
    });
    if (!relation.success) refuse(...issuesOf(relation.error));
    const saved = await writes.saveMembership({
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
      if (person.primaryClubId === null) await writes.setPrimaryClub({ id: personId, clubId: membership.club!.id });
    }
  }
  // New items become primary where she has none of their kind: one statement for the row.
  const primaries = Object.fromEntries(
    Object.entries(firstNew).filter(([kind]) => person.primaries[kind as PrimaryKind] === null),
  );
  if (Object.keys(primaries).length > 0) await writes.fillPrimaries({ personId, ...primaries });
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
  writes: NewPersonWrites,
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
    const saved = await writes.saveAddress({ personId, stored: target ?? null, data });
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

/** What the match of a row looks for. */
const matchKeysOf = (row: ParsedRow) => ({
  emails: rowEmails(row),
  firstname: row.person.firstname ?? null,
  lastname: row.person.lastname ?? null,
  birthday: row.person.birthday ?? null,
});

/**
 * The writes of a new person's row (and the address and membership writes of a matched one): to
 * the database in the row's savepoint, or kept for the batch's set-based insert.
 */
type NewPersonWrites = {
  createPerson(params: { data: PersonUpdateData; primaryClubId: string | null }): Promise<string>;
  saveAddress(params: { personId: string; stored: Address | null; data: AddressData }): Promise<SavedImportAddress>;
  saveMembership(params: Parameters<typeof saveImportedMembership>[1]): ReturnType<typeof saveImportedMembership>;
  setPrimaryClub(params: { id: string; clubId: string }): Promise<void>;
  fillPrimaries(params: Parameters<typeof fillImportedPrimaries>[1]): Promise<void>;
};

function databaseWrites(tx: Tx, context: ApplyContext): NewPersonWrites {
  const { actor, now } = context;
  return {
    createPerson: ({ data, primaryClubId }) =>
      createImportedPerson(tx, { data, primaryClubId, actorId: actor.personId, now }),
    saveAddress: (params) => saveImportedAddress(tx, { ...params, actor, now }),
    saveMembership: (params) => saveImportedMembership(tx, params),
    setPrimaryClub: (params) => setImportedPrimaryClub(tx, params),
    fillPrimaries: (params) => fillImportedPrimaries(tx, params),
  };
}

/** A row the batch cannot write set-based: it goes through `applyRow` like any other. */
class NotBatched extends Error {
  constructor() {
    super('row not batched');
  }
}

/** The rows of a batch's new persons, written set-based by `writeNewPersons`. */
type NewPersonRows = {
  persons: NewImportedPersonRow[];
  addresses: { id: string; personId: string; data: AddressData }[];
  entries: Record<
    EntryKind,
    { id: string; personId: string; addressId: string; entry: AddressData[EntryKind][number] }[]
  >;
  relations: Parameters<typeof insertImportedRelations>[1][number][];
  primaries: Parameters<NewPersonWrites['fillPrimaries']>[0][];
};
const noRows = (): NewPersonRows => ({
  persons: [],
  addresses: [],
  entries: { emails: [], phones: [], urls: [] },
  relations: [],
  primaries: [],
});

/**
 * The writes of one new person kept in memory, with ids chosen here (as gen_random_uuid would) and
 * the same audit entries as the database writes give. Anything but a plain new person (consent
 * other than the defaults, which goes to her consent log; an address written twice by the row) is
 * not batched.
 */
function recordedWrites(context: ApplyContext, rows: NewPersonRows): NewPersonWrites {
  const { actor, now, today } = context;
  return {
    createPerson: async ({ data, primaryClubId }) => {
      if (data.advertising !== 0 || data.isProfilePublic) throw new NotBatched();
      const id = randomUUID();
      rows.persons.push({ id, data, primaryClubId, actorId: actor.personId, now });
      return id;
    },
    saveAddress: async ({ personId, stored, data }) => {
      if (stored !== null) throw new NotBatched();
      const addressId = randomUUID();
      rows.addresses.push({ id: addressId, personId, data });
      const created: SavedImportAddress['created'] = {};
      for (const kind of entryKinds) {
        const entries = data[kind].filter((e) => !e.id);
        created[kind] = entries.map((entry) => {
          const id = randomUUID();
          rows.entries[kind].push({ id, personId, addressId, entry });
          return id;
        });
      }
      return { addressId, created, audit: importedAddressAudit({ actor, personId, now }, addressId, created) };
    },
    saveMembership: async ({ personId, membership: m, stored }) => {
      if (stored.length > 0) throw new NotBatched();
      const id = randomUUID();
      rows.relations.push({
        id,
        personId,
        clubId: m.clubId,
        type: m.type,
        membershipTypeLabel: m.membershipTypeLabel,
        from: m.from ?? today,
        to: m.to ?? null,
        actorId: actor.personId,
        now,
      });
      return {
        outcome: 'created',
        audit: [importedMembershipAudit({ actor, personId, now, clubId: m.clubId, type: m.type }, 'created', id)],
      };
    },
    setPrimaryClub: async () => {
      throw new NotBatched();
    },
    fillPrimaries: async (params) => {
      rows.primaries.push(params);
    },
  };
}

/**
 * The batch's new persons, a statement per table: addresses and entries first, then the persons
 * with their primaries, so that each person's row is written once, her search text and sort keys
 * computed from the entries already there (migration 0040). The entries' references to their
 * persons are checked once the persons are in, inside this savepoint.
 */
async function writeNewPersons(tx: Tx, rows: NewPersonRows) {
  const primaries = new Map(rows.primaries.map(({ personId, ...ids }) => [personId, ids]));
  await beginEntriesBeforePersons(tx);
  await insertImportedAddresses(tx, rows.addresses);
  for (const kind of entryKinds) await insertImportedEntries(tx, kind, rows.entries[kind]);
  await insertImportedPersons(
    tx,
    rows.persons.map((person) => ({ ...person, primaries: primaries.get(person.id) })),
  );
  await endEntriesBeforePersons(tx);
  await insertImportedRelations(tx, rows.relations);
}

/** The keys a row may share with another row of its batch: its e-mails, and its name with birthday. */
function sharedKeysOf(row: ParsedRow) {
  const keys = rowEmails(row).flatMap((email) => [`@${email}`, `@${email.toUpperCase()}`]);
  const { firstname, lastname, birthday } = row.person;
  if (lastname && birthday) keys.push(`${firstname || '\u0001'}\u0000${lastname}\u0000${birthday}`);
  return keys;
}

/**
 * The rows of a batch (docs/decisions/import.md "Batches" and "Figures"), in the caller's
 * transaction. One statement matches them all. A row that matches nobody and shares neither an
 * e-mail nor name and birthday with another row of the batch is a plain new person: it is checked
 * by the same code as any row, in memory, and the batch's new persons are written together, a
 * statement per table, in one savepoint (each person's row written twice instead of five times:
 * her triggers fire once). Every other row is stored by `applyRow` in its own savepoint, in order.
 * If the set-based write fails (a club deleted meanwhile), it is undone and its rows go one by one
 * through `applyRow`, so a refused row is still refused alone. With a `deadline` (performance.now()),
 * rows stored one by one stop once it has passed: the outcomes answered are those of the first
 * rows (at least one), and the caller hands the others to the next batch.
 */
export async function applyRows(
  tx: Tx,
  context: ApplyContext,
  rows: readonly ParsedRow[],
  options: { deadline?: number } = {},
): Promise<RowOutcome[]> {
  const matches = await findPersonMatchesOfRowsForImport(tx, rows.map(matchKeysOf));
  const keyCount = new Map<string, number>();
  const keysOf = rows.map(sharedKeysOf);
  for (const keys of keysOf) for (const key of new Set(keys)) keyCount.set(key, (keyCount.get(key) ?? 0) + 1);
  const outcomes: RowOutcome[] = [];
  const batched: { index: number; rows: NewPersonRows }[] = [];
  let count = rows.length;
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]!;
    if (!matches.has(index) && keysOf[index]!.every((key) => keyCount.get(key) === 1)) {
      const recorded = noRows();
      try {
        outcomes[index] = await storeRow(tx, context, row, recordedWrites(context, recorded), []);
        if (outcomes[index]!.outcome === 'created') batched.push({ index, rows: recorded });
        continue;
      } catch (error) {
        if (error instanceof RowRefused) {
          outcomes[index] = { outcome: 'refused', reasons: error.reasons, personId: null, audit: [] };
          continue;
        }
        if (!(error instanceof NotBatched)) throw error;
      }
    }
    if (options.deadline !== undefined && index > 0 && performance.now() >= options.deadline) {
      count = index;
      break;
    }
    outcomes[index] = await applyRow(tx, context, row);
  }
  const mine = batched.filter((b) => b.index < count);
  if (mine.length > 0) {
    const all = noRows();
    for (const { rows: r } of mine) {
      all.persons.push(...r.persons);
      all.addresses.push(...r.addresses);
      for (const kind of entryKinds) all.entries[kind].push(...r.entries[kind]);
      all.relations.push(...r.relations);
      all.primaries.push(...r.primaries);
    }
    try {
      await tx.transaction((savepoint) => writeNewPersons(savepoint, all));
    } catch (error) {
      if (!isUniqueViolation(error) && !isForeignKeyViolation(error)) throw error;
      for (const { index } of mine) outcomes[index] = await applyRow(tx, context, rows[index]!);
    }
  }
  return outcomes.slice(0, count);
}
