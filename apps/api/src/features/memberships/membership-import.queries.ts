import { type SQL, sql } from 'drizzle-orm';

/** A stored club relation as the import compares it. */
export type ImportRelation = { id: string; clubId: string; type: number; from: string; to: string | null };

/** A person's club relations as JSON (newest `from` first), to read beside her other data in one statement. */
export function relationsJsonOf(personId: SQL): SQL<ImportRelation[]> {
  return sql<ImportRelation[]>`(select coalesce(json_agg(json_build_object('id', r.id, 'clubId', r.club_id,
      'type', r.type, 'from', r.from_date, 'to', r.to_date) order by r.from_date desc, r.id), '[]'::json)
    from club_relations r where r.person_id = ${personId})`;
}
