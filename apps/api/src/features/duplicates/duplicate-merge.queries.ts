import { RegistrationState } from '@bpw/domain/enums/registration';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../platform/db-errors';

/**
 * The merge's statements (docs/decisions/duplicates.md "What moves"), all in the caller's
 * transaction. S is the survivor, M the person merged away.
 */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
type Pair = { survivorId: string; mergedId: string };

/** Registrations that hold or wait for a place: one such per member and event (unique index). */
const CURRENT_STATES = sql.raw(
  [RegistrationState.Pending, RegistrationState.Waiting, RegistrationState.Confirmed].join(', '),
);

export type MergePersonRow = {
  id: string;
  salutation: number | null;
  title: number | null;
  firstname: string | null;
  lastname: string;
  birthday: string | null;
  language_code: string;
  country_code: string | null;
  is_profile_public: boolean;
  is_presentation_done: boolean;
  is_coach: boolean;
  employment_type: number | null;
  bpw_courier: number | null;
  advertising: number;
  coach1_id: string | null;
  coach2_id: string | null;
  primary_club_id: string | null;
  avatar_id: string | null;
  primary_address_id: string | null;
  primary_email_id: string | null;
  primary_phone_id: string | null;
  primary_url_id: string | null;
};

/** Both persons, locked in id order (two merges of the same persons wait for each other). */
export async function lockPersons(tx: DbOrTx, ids: readonly string[]): Promise<MergePersonRow[]> {
  const [a, b] = [...ids].sort();
  return rowsOf<MergePersonRow>(
    await tx.execute(sql`select id, salutation, title, firstname, lastname, birthday::text as birthday,
        language_code, country_code, is_profile_public, is_presentation_done, is_coach, employment_type,
        bpw_courier, advertising, coach1_id, coach2_id, primary_club_id, avatar_id, primary_address_id,
        primary_email_id, primary_phone_id, primary_url_id
      from persons where id in (${a}, ${b}) order by id for update`),
  );
}

/** The merged person's primary items and avatar let go first: each may be primary for one person only. */
export async function releasePrimaryItems(tx: DbOrTx, { mergedId }: Pair): Promise<void> {
  await tx.execute(sql`update persons set primary_address_id = null, primary_email_id = null,
    primary_phone_id = null, primary_url_id = null, avatar_id = null where id = ${mergedId}`);
}

/** Addresses with their e-mails, phones and URLs (and competence logos) go to the survivor. */
export async function moveContactEntries(tx: DbOrTx, { survivorId, mergedId }: Pair): Promise<void> {
  for (const table of ['addresses', 'address_emails', 'address_phones', 'address_urls']) {
    await tx.execute(sql`update ${sql.identifier(table)} set person_id = ${survivorId} where person_id = ${mergedId}`);
  }
}

/** Club relations: the same club, type and dates twice is kept once; the others move. */
export async function moveClubRelations(tx: DbOrTx, { survivorId, mergedId }: Pair): Promise<void> {
  await tx.execute(sql`delete from club_relations m using club_relations s
    where m.person_id = ${mergedId} and s.person_id = ${survivorId} and s.club_id = m.club_id and s.type = m.type
      and s.from_date = m.from_date and s.to_date is not distinct from m.to_date`);
  await tx.execute(sql`update club_relations set person_id = ${survivorId} where person_id = ${mergedId}`);
}

/**
 * Registrations move; where both hold a current one for the same event, the merged person's is
 * withdrawn (Unregistered) first, so the one-per-member rule holds and no place is taken twice.
 * Answers the number withdrawn.
 */
export async function moveRegistrations(tx: DbOrTx, { survivorId, mergedId, now }: Pair & { now: Date }) {
  const withdrawn = rowsOf<{ id: string }>(
    await tx.execute(sql`update event_registrations m
      set event_registration_state = ${RegistrationState.Unregistered}, unregistered_at = ${now.toISOString()},
        expires_at = null
      where m.person_id = ${mergedId} and m.event_registration_state in (${CURRENT_STATES})
        and exists (select 1 from event_registrations s where s.person_id = ${survivorId}
          and s.event_id = m.event_id and s.event_registration_state in (${CURRENT_STATES}))
      returning m.id`),
  );
  await tx.execute(sql`update event_registrations set person_id = ${survivorId} where person_id = ${mergedId}`);
  return withdrawn.length;
}

/** Notifications move; a subscription the survivor has too (club and type) is kept once, hers. */
export async function moveNotifications(tx: DbOrTx, { survivorId, mergedId }: Pair): Promise<void> {
  await tx.execute(sql`update notifications set person_id = ${survivorId} where person_id = ${mergedId}`);
  await tx.execute(sql`delete from notification_subscriptions m using notification_subscriptions s
    where m.person_id = ${mergedId} and s.person_id = ${survivorId}
      and s.club_id is not distinct from m.club_id and s.notification_type = m.notification_type`);
  await tx.execute(sql`update notification_subscriptions set person_id = ${survivorId} where person_id = ${mergedId}`);
}

/** Spoken languages and mentoring areas: the survivor gets both persons' (a union). */
export async function joinLanguagesAndAreas(tx: DbOrTx, { survivorId, mergedId }: Pair): Promise<void> {
  await tx.execute(sql`insert into person_spoken_languages (person_id, language_code)
    select ${survivorId}, language_code from person_spoken_languages where person_id = ${mergedId}
    on conflict do nothing`);
  await tx.execute(sql`insert into person_mentoring_areas (person_id, person_mentoring_type)
    select ${survivorId}, person_mentoring_type from person_mentoring_areas where person_id = ${mergedId}
    on conflict do nothing`);
}

/** Tables whose rows belong to the sign-in account: they go where the account goes. */
export const ACCOUNT_TABLES = ['passkeys', 'totp_authenticators', 'recovery_codes'] as const;

/**
 * The account: with only the merged person's, it moves with its second factors; with both, the
 * survivor's stays and keeps the stored roles of both (the merged one goes with her person).
 * Answers what happened.
 */
export async function mergeAccounts(tx: DbOrTx, { survivorId, mergedId }: Pair): Promise<'moved' | 'joined' | 'none'> {
  const rows = rowsOf<{ person_id: string }>(
    await tx.execute(
      sql`select person_id from user_accounts where person_id in (${survivorId}, ${mergedId}) for update`,
    ),
  );
  const has = (id: string) => rows.some((r) => r.person_id === id);
  if (!has(mergedId)) return 'none';
  if (!has(survivorId)) {
    await tx.execute(sql`update user_accounts set person_id = ${survivorId} where person_id = ${mergedId}`);
    for (const table of ACCOUNT_TABLES) {
      if (await tableExists(tx, table))
        await tx.execute(
          sql`update ${sql.identifier(table)} set person_id = ${survivorId} where person_id = ${mergedId}`,
        );
    }
    return 'moved';
  }
  await tx.execute(sql`update user_accounts s set is_admin = s.is_admin or m.is_admin,
      is_central_committee = s.is_central_committee or m.is_central_committee
    from user_accounts m where s.person_id = ${survivorId} and m.person_id = ${mergedId}`);
  return 'joined';
}

async function tableExists(tx: DbOrTx, table: string): Promise<boolean> {
  const [row] = rowsOf<{ found: boolean }>(await tx.execute(sql`select to_regclass(${table}) is not null as found`));
  return row?.found === true;
}

/** Others coached by the merged person are coached by the survivor (never by herself). */
export async function moveCoachReferences(tx: DbOrTx, { survivorId, mergedId }: Pair): Promise<void> {
  for (const column of ['coach1_id', 'coach2_id']) {
    const c = sql.identifier(column);
    await tx.execute(sql`update persons set ${c} = case when id = ${survivorId} then null else ${survivorId}::uuid end
      where ${c} = ${mergedId}`);
  }
}

/**
 * The audit trail of both (issue 16): the merged person's entries and the exports that held her
 * now belong to the survivor's trail; the entries themselves are unchanged. Earlier merges into
 * the merged person point on to the survivor.
 */
export async function moveTrailAndPointers(
  tx: DbOrTx,
  { survivorId, mergedId, actorId, now }: Pair & { actorId: string; now: Date },
): Promise<void> {
  await tx.execute(
    sql`update audit_entries set subject_person_id = ${survivorId} where subject_person_id = ${mergedId}`,
  );
  await tx.execute(sql`update audit_exported_persons set person_ids = array_replace(person_ids, ${mergedId}::uuid, ${survivorId}::uuid)
    where person_ids @> array[${mergedId}]::uuid[]`);
  await tx.execute(sql`update person_merges set survivor_id = ${survivorId} where survivor_id = ${mergedId}`);
  await tx.execute(sql`insert into person_merges (merged_person_id, survivor_id, merged_at, merged_by)
    values (${mergedId}, ${survivorId}, ${now.toISOString()}, ${actorId})`);
}

/** Every single-column foreign key to persons(id): table and column. */
export async function findPersonReferences(db: DbOrTx): Promise<Array<{ table: string; column: string }>> {
  return rowsOf<{ table: string; column: string }>(
    await db.execute(sql`select t.relname as "table", a.attname as "column"
      from pg_constraint c
      join pg_class t on t.oid = c.conrelid
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid = 'persons'::regclass and array_length(c.conkey, 1) = 1
      order by 1, 2`),
  );
}

/** The references the merge handles itself (above), or leaves on purpose to the person's delete. */
export const HANDLED_REFERENCES = new Set([
  'persons.coach1_id',
  'persons.coach2_id',
  'addresses.person_id',
  'address_emails.person_id',
  'address_phones.person_id',
  'address_urls.person_id',
  'club_relations.person_id',
  'event_registrations.person_id',
  'notifications.person_id',
  'notification_subscriptions.person_id',
  'person_spoken_languages.person_id',
  'person_mentoring_areas.person_id',
  'user_accounts.person_id',
  ...ACCOUNT_TABLES.map((table) => `${table}.person_id`),
  // Sign-ins and single-use links end with the merged person (her sessions are revoked anyway).
  'refresh_tokens.person_id',
  'password_tokens.person_id',
  'sign_in_sessions.person_id',
  // Found again by the scan; a dismissal of a pair with her has no meaning once she is gone.
  'duplicate_keys.person_id',
  'duplicate_pairs.person_id_1',
  'duplicate_pairs.person_id_2',
  'duplicate_dismissals.person_id_1',
  'duplicate_dismissals.person_id_2',
  'person_merges.survivor_id',
]);

/**
 * Any other reference to persons (a feature added later: jobs, imports, check-ins, feeds) moves
 * to the survivor where it can; where a unique rule refuses (the survivor has her own), the
 * merged person's row is left to her delete rule. Each in a savepoint. Answers the tables moved.
 */
export async function moveOtherReferences(tx: DbOrTx, { survivorId, mergedId }: Pair): Promise<string[]> {
  const moved: string[] = [];
  for (const { table, column } of await findPersonReferences(tx)) {
    if (HANDLED_REFERENCES.has(`${table}.${column}`)) continue;
    const statement: SQL = sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${survivorId}
      where ${sql.identifier(column)} = ${mergedId}`;
    try {
      await tx.transaction(async (savepoint) => {
        await savepoint.execute(statement);
      });
      moved.push(`${table}.${column}`);
    } catch (error) {
      // A unique rule: the survivor has her own; the merged person's goes with her.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return moved;
}

/** The survivor's person row: the chosen values, and her primary items where she had none. */
export async function updateSurvivor(
  tx: DbOrTx,
  params: { survivorId: string; values: Record<string, unknown>; actorId: string; now: Date },
): Promise<void> {
  const assignments = Object.entries(params.values).map(([column, value]) => sql`${sql.identifier(column)} = ${value}`);
  assignments.push(sql`updated_at = ${params.now.toISOString()}`, sql`updated_by = ${params.actorId}`);
  await tx.execute(sql`update persons set ${sql.join(assignments, sql`, `)} where id = ${params.survivorId}`);
}

export async function deletePerson(tx: DbOrTx, params: { id: string }): Promise<void> {
  await tx.execute(sql`delete from persons where id = ${params.id}`);
}

/** What a merge would move, per person (the comparison). */
export async function countMovables(db: DbOrTx, params: { personId: string }) {
  const id = params.personId;
  const [row] = rowsOf<Record<string, number | string | null>>(
    await db.execute(sql`select
      (select count(*)::int from addresses where person_id = ${id}) as addresses,
      (select count(*)::int from club_relations where person_id = ${id}) as club_relations,
      (select count(*)::int from event_registrations where person_id = ${id}) as registrations,
      (select count(*)::int from notifications where person_id = ${id}) as notifications,
      (select count(*)::int from notification_subscriptions where person_id = ${id}) as subscriptions,
      (select username::text from user_accounts where person_id = ${id}) as username`),
  );
  return {
    username: (row?.username as string | null) ?? null,
    counts: {
      addresses: Number(row?.addresses ?? 0),
      clubRelations: Number(row?.club_relations ?? 0),
      registrations: Number(row?.registrations ?? 0),
      notifications: Number(row?.notifications ?? 0),
      subscriptions: Number(row?.subscriptions ?? 0),
    },
  };
}

/** Events both persons hold a current registration for. */
export async function countSharedEvents(db: DbOrTx, params: { personIds: readonly [string, string] }) {
  const [a, b] = params.personIds;
  const [row] = rowsOf<{ shared: number }>(
    await db.execute(sql`select count(distinct r1.event_id)::int as shared from event_registrations r1
      join event_registrations r2 on r2.event_id = r1.event_id and r2.person_id = ${b}
        and r2.event_registration_state in (${CURRENT_STATES})
      where r1.person_id = ${a} and r1.event_registration_state in (${CURRENT_STATES})`),
  );
  return Number(row?.shared ?? 0);
}
