import { EntityState } from '@bpw/domain/enums/entity-state';
import type { PersonListQuery } from '@bpw/domain/schemas/person';
import { type SQL, and, arrayOverlaps, eq, ilike, inArray, sql } from 'drizzle-orm';
import { addresses } from '../../db/schema/addresses';
import { persons } from '../../db/schema/persons';
import { clubsAndPersonFilters, mentoringExists } from './person-club-filters';

/**
 * The WHERE of GET person (spec 01 §7; the filter meanings are in docs/decisions/persons.md). Every
 * list parameter means "any of", different parameters combine with "and". Relation filters
 * ("current", "former") look only at the chosen Clubs when Clubs is given.
 */
export type PersonFilters = Omit<PersonListQuery, 'SortBy' | 'SortDesc' | 'Page' | 'PerPage'>;
export type FilterContext = { today: string; isAdmin: boolean };

const MAX_NAME_WORDS = 5;

/** ILIKE '%text%' with the wildcards of the text taken literally (backslash is ILIKE's escape). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** Some address of the person matches (each address filter on its own). */
const addressExists = (condition: SQL | undefined) =>
  sql`exists (select 1 from ${addresses} where ${and(eq(addresses.personId, persons.id), condition)})`;

/**
 * Every word occurs in firstname, lastname, an e-mail value or a company: in the person's
 * search text, which holds exactly these (kept by triggers, migration 0006), so one trigram
 * index answers the whole search.
 */
function nameCondition(text: string): SQL | undefined {
  const words = [...new Set(text.split(/\s+/).filter(Boolean))].slice(0, MAX_NAME_WORDS);
  return and(...words.map((word) => ilike(persons.searchText, containsPattern(word))));
}

export function personListWhere(q: PersonFilters, context: FilterContext): SQL | undefined {
  const text = (value: string | null | undefined, build: (pattern: string) => SQL | undefined) =>
    value ? build(containsPattern(value)) : undefined;
  // Who sees whom (docs/decisions/persons.md): archived persons only admins.
  const states = context.isAdmin ? q.States : [EntityState.Active];
  return and(
    states.length > 0 ? inArray(persons.state, [...states]) : undefined,
    q.Name ? nameCondition(q.Name) : undefined,
    clubsAndPersonFilters(q, context.today),
    text(q.Firstname, (p) => ilike(persons.firstname, p)),
    text(q.Lastname, (p) => ilike(persons.lastname, p)),
    text(q.Company, (p) => addressExists(ilike(addresses.company, p))),
    text(q.CompanySector, (p) => addressExists(ilike(addresses.companySector, p))),
    text(q.Street, (p) => addressExists(ilike(addresses.street, p))),
    text(q.Zip, (p) => addressExists(ilike(addresses.zip, p))),
    text(q.City, (p) => addressExists(ilike(addresses.city, p))),
    q.Competences.length > 0 ? addressExists(arrayOverlaps(addresses.competences, [...q.Competences])) : undefined,
    q.PersonMentoringTypes.length > 0 ? mentoringExists(q.PersonMentoringTypes) : undefined,
    q.BpwCourier.length > 0 ? inArray(persons.bpwCourier, [...q.BpwCourier]) : undefined,
  );
}
