import type { EventCategory } from '@bpw/domain/schemas/event';
import { type SQL, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { eventCategories, eventCategoryLinks } from '../../db/schema/events';

const columns = { id: eventCategories.id, title: eventCategories.title };

/** `%` and `_` typed by the user are literal characters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export async function findCategories(
  db: DbOrTx,
  params: { title?: string | undefined; isDescending: boolean; limit: number | undefined; offset: number },
): Promise<{ items: EventCategory[]; total: number }> {
  const where = params.title ? ilike(eventCategories.title, likePattern(params.title)) : undefined;
  // Case-insensitive, as people read a list ("apéro" between "Ausflug" and "Workshop").
  const title = sql`lower(${eventCategories.title})`;
  const order: SQL[] = params.isDescending
    ? [desc(title), desc(eventCategories.title)]
    : [asc(title), asc(eventCategories.title)];
  let query = db
    .select(columns)
    .from(eventCategories)
    .where(where)
    .orderBy(...order, asc(eventCategories.id))
    .offset(params.offset)
    .$dynamic();
  if (params.limit !== undefined) query = query.limit(params.limit);
  const [items, [total]] = await Promise.all([query, db.select({ n: count() }).from(eventCategories).where(where)]);
  return { items, total: total?.n ?? 0 };
}

export async function findCategory(db: DbOrTx, params: { id: string }) {
  const [row] = await db.select(columns).from(eventCategories).where(eq(eventCategories.id, params.id));
  return row;
}

/** How many events use the category (any state: a category of an archived event is still used). */
export async function countCategoryEvents(db: DbOrTx, params: { id: string }) {
  const [row] = await db
    .select({ n: count() })
    .from(eventCategoryLinks)
    .where(eq(eventCategoryLinks.eventCategoryId, params.id));
  return row?.n ?? 0;
}

export async function insertCategory(db: DbOrTx, values: { title: string }) {
  const [row] = await db.insert(eventCategories).values(values).returning(columns);
  return row!;
}

export async function updateCategory(db: DbOrTx, params: { id: string; title: string }) {
  const [row] = await db
    .update(eventCategories)
    .set({ title: params.title })
    .where(eq(eventCategories.id, params.id))
    .returning(columns);
  return row;
}

export async function deleteCategory(db: DbOrTx, params: { id: string }) {
  await db.delete(eventCategories).where(eq(eventCategories.id, params.id));
}
