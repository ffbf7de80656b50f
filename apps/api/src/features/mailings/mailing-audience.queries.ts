import { EntityState } from '@bpw/domain/enums/entity-state';
import { memberTypes } from '@bpw/domain/enums/membership-type';
import { Advertising } from '@bpw/domain/enums/person-fields';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { addressEmails } from '../../db/schema/addresses';
import { clubRelations, clubs } from '../../db/schema/clubs';
import { events } from '../../db/schema/events';
import { mailingListSubscriptions } from '../../db/schema/mailings';
import { persons } from '../../db/schema/persons';
import { eventRegistrations } from '../../db/schema/registrations';

/**
 * Who a mailing goes to, as one SELECT (docs/decisions/mailings.md): every candidate with her
 * address (null: no primary e-mail), language, the placeholders' values and whether her
 * advertising consent allows advertising. The preview counts it; the send job inserts it.
 */
export type ResolvedAudience =
  | { kind: 'persons'; where: SQL | undefined }
  | { kind: 'club'; clubId: string; today: string }
  | { kind: 'list'; listId: string }
  | { kind: 'event'; eventId: string; states: readonly number[] };

const consenting = (advertising: SQL) => sql`(${advertising} >= ${Advertising.members})`;

/** The persons of a WHERE over `persons`, with their primary e-mail and primary club. */
function personsSource(where: SQL | undefined): SQL {
  return sql`
    select ${persons.id} as person_id, null::uuid as registration_id, ${addressEmails.value} as address,
      ${persons.languageCode} as language, ${persons.salutation} as salutation, ${persons.firstname} as firstname,
      ${persons.lastname} as lastname, ${clubs.name} as club_name, ${consenting(sql`${persons.advertising}`)} as consenting
    from ${persons}
      left join ${addressEmails} on ${addressEmails.id} = ${persons.primaryEmailId}
      left join ${clubs} on ${clubs.id} = ${persons.primaryClubId}
    where ${where ?? sql`true`}`;
}

export function audienceSource(audience: ResolvedAudience): SQL {
  switch (audience.kind) {
    case 'persons':
      return personsSource(audience.where);
    case 'club': {
      const types = sql.join(
        memberTypes.map((t) => sql`${t}`),
        sql`, `,
      );
      return personsSource(sql`${persons.state} = ${EntityState.Active} and exists (
        select 1 from ${clubRelations} where ${clubRelations.personId} = ${persons.id}
          and ${clubRelations.clubId} = ${audience.clubId} and ${clubRelations.type} in (${types})
          and ${clubRelations.from} <= ${audience.today}
          and (${clubRelations.to} is null or ${clubRelations.to} >= ${audience.today}))`);
    }
    case 'list':
      return personsSource(sql`${persons.state} = ${EntityState.Active} and exists (
        select 1 from ${mailingListSubscriptions} where ${mailingListSubscriptions.listId} = ${audience.listId}
          and ${mailingListSubscriptions.personId} = ${persons.id})`);
    case 'event': {
      const states = sql.join(
        audience.states.map((s) => sql`${s}`),
        sql`, `,
      );
      // A guest has given no advertising consent; a member's is hers.
      return sql`
        select r.person_id, r.id as registration_id, r.email::text as address,
          coalesce(p.language_code, r.language_code) as language, p.salutation, r.firstname, r.lastname,
          coalesce(pc.name, ec.name) as club_name, coalesce(${consenting(sql`p.advertising`)}, false) as consenting
        from ${eventRegistrations} r
          join ${events} e on e.id = r.event_id
          left join ${clubs} ec on ec.id = e.responsible_club_id
          left join ${persons} p on p.id = r.person_id
          left join ${clubs} pc on pc.id = p.primary_club_id
        where r.event_id = ${audience.eventId} and r.event_registration_state in (${states})`;
    }
  }
}

type CountRow = {
  total: number | string;
  de: number | string;
  fr: number | string;
  it: number | string;
  en: number | string;
  without_consent: number | string;
  without_email: number | string;
};
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * What the preview shows: the addresses that would get it (one row per address, chosen as the
 * send's INSERT chooses), by the language of the text each gets, and who is left out.
 */
export async function countAudience(
  db: DbOrTx,
  params: { audience: ResolvedAudience; isAdvertising: boolean; languages: readonly string[]; fallback: string },
) {
  const sendable = params.isAdvertising ? sql`consenting` : sql`true`;
  const offered = sql.join(
    params.languages.map((l) => sql`${l}`),
    sql`, `,
  );
  const language = (code: string) => sql`count(*) filter (where ${sendable} and received = ${code})`;
  const [row] = rowsOf<CountRow>(
    await db.execute(sql`
      with src as materialized (${audienceSource(params.audience)}),
      one as (
        select distinct on (lower(address)) address, consenting,
          case when language in (${offered}) then language else ${params.fallback} end as received
        from src where address is not null
        order by lower(address), ${params.isAdvertising ? sql`consenting desc, ` : sql``}person_id nulls last, registration_id)
      select count(*) filter (where ${sendable}) as total,
        ${language('de')} as de, ${language('fr')} as fr, ${language('it')} as it, ${language('en')} as en,
        count(*) filter (where not (${sendable})) as without_consent,
        (select count(*) from src where address is null) as without_email
      from one`),
  );
  const n = (v: number | string | undefined) => Number(v ?? 0);
  return {
    total: n(row?.total),
    byLanguage: { de: n(row?.de), fr: n(row?.fr), it: n(row?.it), en: n(row?.en) },
    withoutConsent: n(row?.without_consent),
    withoutEmail: n(row?.without_email),
  };
}

/**
 * Writes the recipients once, in one INSERT ... SELECT (issue 18: 100,000 in under 10 s). One row
 * per address (ON CONFLICT DO NOTHING on the unique (mailing, lower(address))), the sendable ones first,
 * so an address shared with someone without consent still gets the mailing once. A language the
 * system does not know (none today) would fall back at render time.
 */
export async function insertRecipients(
  tx: DbOrTx,
  params: { mailingId: string; audience: ResolvedAudience; isAdvertising: boolean },
) {
  const isLeftOut = params.isAdvertising ? sql`not consenting` : sql`false`;
  const [row] = rowsOf<{ queued: number | string; skipped: number | string; without_email: number | string }>(
    await tx.execute(sql`
      with src as materialized (${audienceSource(params.audience)}),
      ins as (
        insert into mailing_recipients
          (mailing_id, person_id, registration_id, address, language, salutation, firstname, lastname, club_name, state, error)
        select ${params.mailingId}::uuid, person_id, registration_id, address, language, salutation, firstname, lastname,
          club_name, case when ${isLeftOut} then 'skipped' else 'queued' end,
          case when ${isLeftOut} then 'noConsent' end
        from src where address is not null
        order by ${params.isAdvertising ? sql`consenting desc, ` : sql``}person_id nulls last, registration_id
        on conflict (mailing_id, lower(address::text)) do nothing
        returning state)
      select (select count(*) from ins where state = 'queued') as queued,
        (select count(*) from ins where state = 'skipped') as skipped,
        (select count(*) from src where address is null) as without_email`),
  );
  return {
    queued: Number(row?.queued ?? 0),
    skipped: Number(row?.skipped ?? 0),
    withoutEmail: Number(row?.without_email ?? 0),
  };
}

/** One recipient for the preview: the first of the audience (the placeholders filled with her values). */
export async function findSampleRecipient(db: DbOrTx, params: { audience: ResolvedAudience; language: string }) {
  const [row] = rowsOf<{
    salutation: number | null;
    firstname: string | null;
    lastname: string | null;
    club_name: string | null;
  }>(
    await db.execute(sql`
      select salutation, firstname, lastname, club_name from (${audienceSource(params.audience)}) s
      where address is not null order by (language = ${params.language}) desc limit 1`),
  );
  return row ?? null;
}
