import { ERASED_NAME } from '@bpw/domain/schemas/privacy-request';
import { EntityState } from '@bpw/domain/enums/entity-state';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * The statements of an erasure (docs/decisions/erasure.md), all run in the caller's transaction.
 * The person's row stays as an anonymised placeholder: her memberships (with their dates) and her
 * event registrations keep pointing at it, so club statistics and event head counts stay right.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Every table with a foreign key to persons, and what an erasure does with its rows of her:
 * `deleted`, `anonymised` (the row stays, her personal values go) or `kept` (ids and dates
 * only, or a record the law requires). The test compares this list with the database's foreign
 * keys, so a new table that references persons cannot be forgotten here.
 */
export const personTables = {
  persons: 'anonymised',
  user_accounts: 'deleted',
  refresh_tokens: 'deleted',
  password_tokens: 'deleted',
  sign_in_sessions: 'deleted',
  totp_authenticators: 'deleted',
  recovery_codes: 'deleted',
  passkeys: 'deleted',
  api_tokens: 'deleted',
  addresses: 'deleted',
  address_emails: 'deleted',
  address_phones: 'deleted',
  address_urls: 'deleted',
  person_spoken_languages: 'deleted',
  person_mentoring_areas: 'deleted',
  notifications: 'deleted',
  notification_subscriptions: 'deleted',
  calendar_feeds: 'deleted',
  consent_log: 'deleted',
  oidc_payloads: 'deleted',
  oidc_consents: 'deleted',
  import_mappings: 'deleted',
  duplicate_keys: 'deleted',
  duplicate_pairs: 'deleted',
  duplicate_dismissals: 'deleted',
  leave_requests: 'deleted',
  erasure_requests: 'deleted',
  // Mailings: her list subscriptions and her rows of sent mailings (her address).
  mailing_list_subscriptions: 'deleted',
  mailing_recipients: 'deleted',
  // Anonymised: the rows stay, so that event head counts and registration lists add up.
  event_registrations: 'anonymised',
  // Kept: only ids and dates (a membership's club, type and dates; who merged, imported,
  // checked in or created a webhook; a job's owner).
  club_relations: 'kept',
  person_merges: 'kept',
  import_uploads: 'kept',
  event_check_ins: 'kept',
  webhook_subscriptions: 'kept',
  jobs: 'kept',
  person_erasures: 'kept',
  // Kept by law (OR art. 958f, ten years): invoices with the recipient as at creation, their
  // positions and payments; the erasure does not touch them.
  invoices: 'kept',
} as const;

/** The tables kept by law with her name and address in them (invoices and payments). */
export const legallyKeptTables = [
  'invoices',
  'invoice_positions',
  'invoice_payments',
  'invoice_reminders',
  'bank_credits',
  'payment_imports',
] as const;

/** The person to erase, locked; undefined when she does not exist. */
export async function lockPersonToErase(tx: DbOrTx, params: { personId: string }) {
  const [row] = rowsOf<{ id: string; firstname: string | null; lastname: string; is_erased: boolean }>(
    await tx.execute(sql`
      SELECT p.id, p.firstname, p.lastname,
        EXISTS (SELECT 1 FROM person_erasures e WHERE e.person_id = p.id) AS is_erased
      FROM persons p WHERE p.id = ${params.personId} FOR UPDATE`),
  );
  return row ? { id: row.id, firstname: row.firstname, lastname: row.lastname, isErased: row.is_erased } : undefined;
}

const uuidList = (ids: readonly string[]): SQL =>
  ids.length === 0
    ? sql`NULL::uuid`
    : sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      );
const textList = (values: readonly string[]): SQL =>
  values.length === 0
    ? sql`NULL::text`
    : sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      );

/** Erases her personal data. Answers the number of registrations it anonymised. */
export async function erasePersonData(tx: DbOrTx, params: { personId: string; actorId: string; now: Date }) {
  const id = params.personId;
  // Her e-mail addresses (contact entries and the username): her mails and guest registrations.
  const emails = rowsOf<{ value: string }>(
    await tx.execute(sql`
      SELECT lower(value::text) AS value FROM address_emails WHERE person_id = ${id}
      UNION SELECT lower(username::text) FROM user_accounts WHERE person_id = ${id}`),
  ).map((r) => r.value);
  const files = rowsOf<{ id: string }>(
    await tx.execute(sql`
      SELECT avatar_id AS id FROM persons WHERE id = ${id} AND avatar_id IS NOT NULL
      UNION SELECT competence_logo_id FROM addresses WHERE person_id = ${id} AND competence_logo_id IS NOT NULL`),
  ).map((r) => r.id);

  // Sign-in and everything that belongs to the account.
  for (const table of [
    'refresh_tokens',
    'password_tokens',
    'sign_in_sessions',
    'totp_authenticators',
    'recovery_codes',
    'passkeys',
    'api_tokens',
    'notifications',
    'notification_subscriptions',
    'calendar_feeds',
    'consent_log',
    'oidc_consents',
    'person_spoken_languages',
    'person_mentoring_areas',
    'leave_requests',
    'erasure_requests',
    'duplicate_keys',
    'mailing_list_subscriptions',
    'mailing_recipients',
    'user_accounts',
  ]) {
    await tx.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE person_id = ${id}`);
  }
  await tx.execute(sql`DELETE FROM oidc_payloads WHERE account_id = ${id}`);
  await tx.execute(sql`DELETE FROM import_mappings WHERE owner_person_id = ${id}`);
  await tx.execute(sql`DELETE FROM duplicate_pairs WHERE person_id_1 = ${id} OR person_id_2 = ${id}`);
  await tx.execute(sql`DELETE FROM duplicate_dismissals WHERE person_id_1 = ${id} OR person_id_2 = ${id}`);
  // Addresses with their e-mails, phones and URLs (cascade); the primaries are set null.
  await tx.execute(sql`DELETE FROM addresses WHERE person_id = ${id}`);
  await tx.execute(sql`DELETE FROM stored_files WHERE id IN (${uuidList(files)})`);

  // Anything still open under her addresses: applications, and queued or sent mails to her in
  // any letter case (mail_outbox_to_address_idx on lower(to_address)).
  const applicationIds: string[] = [];
  if (emails.length > 0) {
    applicationIds.push(
      ...rowsOf<{ id: string }>(
        await tx.execute(
          sql`DELETE FROM membership_applications WHERE lower(email::text) IN (${textList(emails)}) RETURNING id`,
        ),
      ).map((r) => r.id),
    );
    await tx.execute(sql`DELETE FROM mail_outbox WHERE lower(to_address) IN (${textList(emails)})`);
    // A mailing's guest recipients (registrations under her address).
    await tx.execute(sql`DELETE FROM mailing_recipients WHERE lower(address::text) IN (${textList(emails)})`);
  }
  // The notices and mails to managers and admins about her (her application, leave and erasure
  // requests name her): found by the id they are about (the partial indexes on about_id), never
  // by her name, which others' mails may contain too.
  const about = uuidList([id, ...applicationIds]);
  await tx.execute(sql`DELETE FROM notifications WHERE about_id IN (${about})`);
  await tx.execute(sql`DELETE FROM mail_outbox WHERE about_id IN (${about})`);

  // Her registrations (as a member, and as a guest under one of her addresses): the rows stay
  // so the events' counts stay right; names, addresses, remarks and answers go.
  const registrations = rowsOf<{ id: string }>(
    await tx.execute(sql`
      UPDATE event_registrations SET firstname = ${ERASED_NAME}, lastname = ${ERASED_NAME},
        email = 'erased-' || id::text || '@invalid', address1 = NULL, address2 = NULL, street = NULL,
        city = NULL, zip = NULL, county = NULL, state = NULL, country_code = NULL, remarks = NULL,
        unregistration_remarks = NULL
      WHERE person_id = ${id}${emails.length > 0 ? sql` OR (person_id IS NULL AND lower(email::text) IN (${textList(emails)}))` : sql``}
      RETURNING id`),
  ).map((r) => r.id);
  if (registrations.length > 0) {
    await tx.execute(sql`DELETE FROM event_custom_field_values WHERE registration_id IN (${uuidList(registrations)})`);
  }

  // Others' coach fields pointed at her.
  await tx.execute(sql`UPDATE persons SET coach1_id = NULL WHERE coach1_id = ${id}`);
  await tx.execute(sql`UPDATE persons SET coach2_id = NULL WHERE coach2_id = ${id}`);
  // The placeholder: the triggers refresh the name search's prefixes, the list's sort keys, the
  // club lists' sort name and queue her for the duplicate scan (which finds no keys any more).
  await tx.execute(sql`
    UPDATE persons SET salutation = NULL, title = NULL, firstname = NULL, lastname = ${ERASED_NAME},
      birthday = NULL, time_zone = 'Europe/Zurich', language_code = 'de', country_code = NULL,
      is_profile_public = false, is_presentation_done = false, is_coach = false, employment_type = NULL,
      bpw_courier = NULL, advertising = 0, coach1_id = NULL, coach2_id = NULL, avatar_id = NULL,
      primary_address_id = NULL, primary_phone_id = NULL, primary_email_id = NULL, primary_url_id = NULL,
      state = ${EntityState.Archived}, updated_at = ${params.now}, updated_by = ${params.actorId}
    WHERE id = ${id}`);

  // Her trail stays, with ids and field names only; a token's name she chose goes.
  await tx.execute(sql`
    UPDATE audit_entries SET details = details - 'tokenName'
    WHERE (subject_person_id = ${id} OR actor_person_id = ${id}) AND details ->> 'tokenName' IS NOT NULL`);
  await tx.execute(sql`
    INSERT INTO person_erasures (person_id, erased_at) VALUES (${id}, ${params.now})
    ON CONFLICT (person_id) DO NOTHING`);
  return { registrationCount: registrations.length };
}
