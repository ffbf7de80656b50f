/** Query keys of the public event calls; everything under `event-public` is refetched after a registration. */
export const publicEventKeys = {
  all: ['event-public'] as const,
  list: (params: object) => ['event-public', 'list', params] as const,
  /** The detail depends on the caller (registration status, canManage): keyed by her person id. */
  detail: (id: string, personId: string | null) => ['event-public', 'detail', id, personId] as const,
  registeredPeople: (id: string) => ['event-public', 'detail', id, 'registered-people'] as const,
  customFields: (id: string, personId: string | null) =>
    ['event-public', 'detail', id, 'custom-field', personId] as const,
  categories: ['event-category-public'] as const,
  clubs: (isSignedIn: boolean) => ['club-public', isSignedIn] as const,
};
