import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { invoiceKeys } from './invoice-keys';
import { useInvoicingMutation } from './invoicing-api';
import type { Paged, PaymentImport, ReminderPreview, ReminderRun, UnmatchedCredit } from './invoice-types';

/** Issue 17: the bank's camt.054 file, unmatched credits, reminder runs (contract 25-31). */

/** GET payment-import/{id}: an import's counts once its job (a large file) has booked it. */
export const usePaymentImport = (id: string | null) =>
  useQuery({
    queryKey: ['invoicing', 'payment-import', id ?? ''],
    queryFn: ({ signal }) => api.get<PaymentImport>(`/payment-import/${encodeURIComponent(id!)}`, undefined, signal),
    enabled: Boolean(id),
  });

/** POST payment-import: the file as multipart field `file`. */
export const useImportPayments = () =>
  useInvoicingMutation(({ file, clubId }: { file: File; clubId: string | null }) => {
    const form = new FormData();
    form.append('file', file);
    return api.json<PaymentImport>('/payment-import', {
      method: 'POST',
      body: form,
      ...(clubId ? { query: { ClubId: clubId } } : {}),
    });
  });

export const useUnmatchedCredits = (clubId: string | null, page: number, perPage: number) =>
  useQuery({
    queryKey: invoiceKeys.unmatched(clubId, page),
    queryFn: ({ signal }) =>
      api.get<Paged<UnmatchedCredit>>(
        '/payment/unmatched',
        { ...(clubId ? { ClubId: clubId } : {}), Page: page, PerPage: perPage },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

const creditPath = (id: string) => `/payment/unmatched/${encodeURIComponent(id)}`;
export const useAssignCredit = () =>
  useInvoicingMutation(({ id, invoiceId }: { id: string; invoiceId: string }) =>
    api.post<void>(`${creditPath(id)}/assign`, { invoiceId }),
  );
export const useIgnoreCredit = () => useInvoicingMutation((id: string) => api.post<void>(`${creditPath(id)}/ignore`));

export type ReminderPreviewQuery = { ClubId: string; Level: 1 | 2; Page: number; PerPage: number };
export const useReminderRunPreview = (query: ReminderPreviewQuery | null) =>
  useQuery({
    queryKey: invoiceKeys.reminderPreview(query ?? {}),
    queryFn: ({ signal }) => api.get<ReminderPreview>('/reminder-run/preview', query ?? undefined, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
export const useStartReminderRun = () =>
  useInvoicingMutation((body: { clubId: string; level: 1 | 2 }) => api.post<ReminderRun>('/reminder-run', body));
