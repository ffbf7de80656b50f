/** Spec 01 §9: the notification pager shows up to 5 page links. */
export const PAGE_LINKS = 5;

export const pageCount = (total: number, perPage: number) => (perPage > 0 ? Math.ceil(total / perPage) : 1);

/**
 * Spec 01 §4: "If the current page is past the last page it falls back by one" (e.g. after the
 * last notification of the last page was marked read). Zero-based pages.
 */
export function fallbackPage(page: number, total: number, perPage: number): number {
  return page > 0 && page >= pageCount(total, perPage) ? page - 1 : page;
}

/** The zero-based pages to link: a window of up to `size` pages around the current one. */
export function pageWindow(page: number, count: number, size = PAGE_LINKS): number[] {
  if (count <= 0) return [];
  const length = Math.min(size, count);
  const start = Math.min(Math.max(0, page - Math.floor(length / 2)), count - length);
  return Array.from({ length }, (_, index) => start + index);
}
