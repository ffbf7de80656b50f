import { createHash } from 'node:crypto';
import type { Database } from '../../src/db/client';
import type { Acknowledged } from './crash-writes';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export type CrashCheck = {
  counts: { persons: number; addresses: number; registrations: number; passwordLinks: number; mails: number };
  /** Rows whose transaction's other rows are missing (must be 0 each). */
  partial: {
    personsWithoutAccountRelationOrAudit: number;
    addressesWithoutAllEntries: number;
    registrationsWithoutBothValues: number;
    registrationsWithoutMail: number;
    passwordLinksWithoutMail: number;
    mailsWithoutTheirRow: number;
  };
  /** Acknowledged writes that are not in the database (must be 0). */
  lostAcknowledged: number;
  mailStatuses: Record<string, number>;
  outboxIds: string[];
};

const count = async (database: Database, text: string) =>
  Number((await database.raw(`select count(*)::int as n from (${text}) as q`)).rows[0]!.n);

/**
 * The crash test's invariants, read after the last restart. The writes' rows are found by their
 * marks: persons named "Crash n", the event's registrations, the links of those persons.
 */
export async function checkCrashInvariants(
  database: Database,
  params: { eventId: string; acknowledged: Acknowledged },
): Promise<CrashCheck> {
  const crashPersons = `select id from persons where lastname like 'Crash %'`;
  const partial = {
    personsWithoutAccountRelationOrAudit: await count(
      database,
      `select p.id from persons p where p.lastname like 'Crash %' and (
         not exists (select 1 from user_accounts a where a.person_id = p.id)
         or (select count(*) from club_relations r where r.person_id = p.id) <> 1
         or not exists (select 1 from audit_entries e where e.entity = 'person' and e.action = 'created' and e.entity_id = p.id))`,
    ),
    addressesWithoutAllEntries: await count(
      database,
      `select a.id from addresses a where a.person_id in (${crashPersons}) and (
         (select count(*) from address_emails e where e.address_id = a.id) <> 2
         or (select count(*) from address_phones f where f.address_id = a.id) <> 1)`,
    ),
    registrationsWithoutBothValues: await count(
      database,
      `select r.id from event_registrations r where r.event_id = '${params.eventId}'
         and (select count(*) from event_custom_field_values v where v.registration_id = r.id) <> 2`,
    ),
    registrationsWithoutMail: 0,
    passwordLinksWithoutMail: 0,
    mailsWithoutTheirRow: 0,
  };

  // Every mail carries a link key whose hash is stored with its registration or password link,
  // and every such row has its mail: the row and its mail were written in one transaction.
  const mails = (await database.raw('select id, text_body, status from mail_outbox')).rows as {
    id: string;
    text_body: string;
    status: string;
  }[];
  const registrationHashes = new Set(
    (
      await database.raw(`select link_key_hash from event_registrations where event_id = $1`, [params.eventId])
    ).rows.map((r) => String(r.link_key_hash)),
  );
  const linkHashes = new Set(
    (await database.raw(`select token_hash from password_tokens where person_id in (${crashPersons})`)).rows.map((r) =>
      String(r.token_hash),
    ),
  );
  const mailedRegistrations = new Set<string>();
  const mailedLinks = new Set<string>();
  for (const mail of mails) {
    const registrationKey = /event-registration-public\/([A-Za-z0-9_-]+)\/confirm/.exec(mail.text_body)?.[1];
    const linkToken = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail.text_body)?.[1];
    const hash = registrationKey
      ? sha256(registrationKey)
      : linkToken
        ? sha256(decodeURIComponent(linkToken))
        : undefined;
    if (hash && registrationHashes.has(hash)) mailedRegistrations.add(hash);
    else if (hash && linkHashes.has(hash)) mailedLinks.add(hash);
    else partial.mailsWithoutTheirRow++;
  }
  partial.registrationsWithoutMail = [...registrationHashes].filter((h) => !mailedRegistrations.has(h)).length;
  partial.passwordLinksWithoutMail = [...linkHashes].filter((h) => !mailedLinks.has(h)).length;

  const { acknowledged } = params;
  const ids = (list: string[]) => `'${list.join("','") || '00000000-0000-0000-0000-000000000000'}'`;
  const missingPersons =
    acknowledged.persons.length -
    (await count(database, `select id from persons where id in (${ids(acknowledged.persons.map((p) => p.id))})`));
  const missingAddresses =
    acknowledged.addressIds.length -
    (await count(database, `select id from addresses where id in (${ids(acknowledged.addressIds)})`));
  const missingRegistrations =
    acknowledged.registrationIds.length -
    (await count(database, `select id from event_registrations where id in (${ids(acknowledged.registrationIds)})`));
  let missingLinks = 0;
  for (const [personId, expected] of acknowledged.invitationsByPerson) {
    const stored = await count(database, `select id from password_tokens where person_id = '${personId}'`);
    missingLinks += Math.max(0, expected - stored);
  }

  const mailStatuses: Record<string, number> = {};
  for (const mail of mails) mailStatuses[mail.status] = (mailStatuses[mail.status] ?? 0) + 1;
  return {
    counts: {
      persons: await count(database, crashPersons),
      addresses: await count(database, `select id from addresses where person_id in (${crashPersons})`),
      registrations: registrationHashes.size,
      passwordLinks: linkHashes.size,
      mails: mails.length,
    },
    partial,
    lostAcknowledged: missingPersons + missingAddresses + missingRegistrations + missingLinks,
    mailStatuses,
    outboxIds: mails.map((m) => m.id),
  };
}
