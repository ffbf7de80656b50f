import type { Actor } from '@bpw/domain/actor';
import { canManageCategories } from '@bpw/domain/permissions';
import type {
  EventCategory,
  EventCategoryBody,
  EventCategoryDetail,
  EventCategoryList,
  EventCategoryListQuery,
} from '@bpw/domain/schemas/event';
import type { FeatureDeps } from '../../platform/feature-deps';
import { isForeignKeyViolation } from '../../platform/db-errors';
import { conflict, forbidden, notFound } from '../../platform/errors';
import {
  countCategoryEvents,
  deleteCategory,
  findCategories,
  findCategory,
  insertCategory,
  updateCategory,
} from './event-categories.queries';

type Deps = Pick<FeatureDeps, 'db'>;

/** GET event-category (signed in) and event-category-public: all categories, by title (spec 02 §9). */
export async function findCategoryList(deps: Deps, query: EventCategoryListQuery): Promise<EventCategoryList> {
  return findCategories(deps.db, {
    title: query.Title || undefined,
    // Title is the only sort key; SortDesc picks the direction.
    isDescending: query.SortDesc[0] ?? false,
    limit: query.PerPage === 0 ? undefined : query.PerPage,
    offset: query.PerPage === 0 ? 0 : query.Page * query.PerPage,
  });
}

/** GET event-category/{id}: with the number of events using it (the delete button's hint). */
export async function getCategoryById(deps: Deps, id: string): Promise<EventCategoryDetail> {
  const category = await findCategory(deps.db, { id });
  if (!category) throw notFound();
  return { ...category, eventCount: await countCategoryEvents(deps.db, { id }) };
}

/** Spec 02 §6: only admins create, edit and delete categories (also the routes' pre-check). */
export async function authorizeCategoryWrites(actor: Actor): Promise<void> {
  if (!canManageCategories(actor)) throw forbidden();
}

export async function createCategory(deps: Deps, actor: Actor, body: EventCategoryBody): Promise<EventCategory> {
  await authorizeCategoryWrites(actor);
  return insertCategory(deps.db, body);
}

export async function changeCategory(
  deps: Deps,
  actor: Actor,
  id: string,
  body: EventCategoryBody,
): Promise<EventCategory> {
  await authorizeCategoryWrites(actor);
  const category = await updateCategory(deps.db, { id, title: body.title });
  if (!category) throw notFound();
  return category;
}

/** Spec 02 §5: "A category with events assigned cannot be deleted" (409 with the count). */
export async function removeCategory(deps: Deps, actor: Actor, id: string): Promise<void> {
  if (!canManageCategories(actor)) throw forbidden();
  if (!(await findCategory(deps.db, { id }))) throw notFound();
  const inUse = async () =>
    conflict('error.eventCategoryInUse', { events: await countCategoryEvents(deps.db, { id }) });
  if ((await countCategoryEvents(deps.db, { id })) > 0) throw await inUse();
  try {
    await deleteCategory(deps.db, { id });
  } catch (error) {
    // An event linked since the count: the foreign key (restrict) refuses, and so do we.
    if (isForeignKeyViolation(error)) throw await inUse();
    throw error;
  }
}
