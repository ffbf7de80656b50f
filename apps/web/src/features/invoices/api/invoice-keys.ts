/** Issue 17: the query keys of the invoice screens; every change invalidates `invoiceKeys.all`. */
export const invoiceKeys = {
  all: ['invoicing'] as const,
  clubs: () => ['invoicing', 'clubs'] as const,
  settings: (clubId: string | null) => ['invoicing', 'settings', clubId ?? 'association'] as const,
  feeSchedules: (clubId: string) => ['invoicing', 'fee-schedule', clubId] as const,
  nationalFees: () => ['invoicing', 'national-fee'] as const,
  feeRunPreview: (query: Record<string, unknown>) => ['invoicing', 'fee-run-preview', query] as const,
  feeRuns: (clubId: string | null) => ['invoicing', 'fee-run', clubId ?? 'all'] as const,
  list: (query: Record<string, unknown>) => ['invoicing', 'invoice', 'list', query] as const,
  search: (query: Record<string, unknown>) => ['invoicing', 'invoice', 'search', query] as const,
  totals: (clubId: string) => ['invoicing', 'totals', clubId] as const,
  detail: (id: string) => ['invoicing', 'invoice', 'detail', id] as const,
  mine: (page: number) => ['invoicing', 'me', page] as const,
  unmatched: (clubId: string | null, page: number) => ['invoicing', 'unmatched', clubId ?? 'all', page] as const,
  reminderPreview: (query: Record<string, unknown>) => ['invoicing', 'reminder-preview', query] as const,
  printBatches: (clubId: string | null) => ['invoicing', 'print-batch', clubId ?? 'all'] as const,
};
