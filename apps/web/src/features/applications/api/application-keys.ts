/** Query keys of the applications feature. */
export const applicationKeys = {
  all: ['applications'] as const,
  publicForm: (clubId: string | null) => ['applications', 'public-form', clubId ?? 'association'] as const,
  form: (clubId: string | null) => ['applications', 'form', clubId ?? 'association'] as const,
  list: (clubId: string | null, page: number, perPage: number) =>
    ['applications', 'list', clubId ?? 'association', page, perPage] as const,
};

/** The API path of a club's (or, null, the association's) resource. */
export const scopedPath = (clubId: string | null, clubPath: string, associationPath: string) =>
  clubId ? `/club/${encodeURIComponent(clubId)}/${clubPath}` : `/${associationPath}`;
