import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import type { QueryValue } from '../../../api/api-client';
import { downloadFile, saveFile } from '../../../lib/file-download';
import { invoiceKeys } from './invoice-keys';
import type {
  FeeRun,
  FeeRunPreview,
  FeeSchedule,
  FeeScheduleBody,
  InvoiceClubs,
  InvoiceSettings,
  InvoiceSettingsBody,
  NationalFee,
  NationalFeeBody,
  Paged,
  PrintBatch,
} from './invoice-types';

/** Issue 17: settings, fee schedules, national fees, fee runs and print batches (contract routes 1-12, 18-20). */
const club = (clubId: string) => `/club/${encodeURIComponent(clubId)}`;

/** A change invalidates every invoice query (lists, totals, runs). */
export function useInvoicingMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
  });
}

/** GET invoice-clubs: the clubs whose invoices she manages (admins: all). */
export const useInvoiceClubs = (isEnabled = true) =>
  useQuery({
    queryKey: invoiceKeys.clubs(),
    queryFn: ({ signal }) => api.get<InvoiceClubs>('/invoice-clubs', undefined, signal),
    enabled: isEnabled,
    staleTime: 60_000,
  });

const settingsPath = (clubId: string | null) => (clubId ? `${club(clubId)}/invoice-settings` : '/invoice-settings');

/** The invoicing settings of a club (or the association's, null); null while none are saved (404). */
export const useInvoiceSettings = (clubId: string | null) =>
  useQuery({
    queryKey: invoiceKeys.settings(clubId),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<InvoiceSettings>(settingsPath(clubId), undefined, signal);
      } catch (error) {
        if ((error as { status?: number }).status === 404) return null;
        throw error;
      }
    },
  });
export const useSaveInvoiceSettings = (clubId: string | null) =>
  useInvoicingMutation((body: InvoiceSettingsBody) => api.put<InvoiceSettings>(settingsPath(clubId), body));

export const useFeeSchedules = (clubId: string) =>
  useQuery({
    queryKey: invoiceKeys.feeSchedules(clubId),
    queryFn: ({ signal }) => api.get<Paged<FeeSchedule>>(`${club(clubId)}/fee-schedule`, { PerPage: 0 }, signal),
  });
export const useSaveFeeSchedule = (clubId: string) =>
  useInvoicingMutation(({ year, body }: { year: number; body: FeeScheduleBody }) =>
    api.put<FeeSchedule>(`${club(clubId)}/fee-schedule/${year}`, body),
  );

export const useNationalFees = () =>
  useQuery({
    queryKey: invoiceKeys.nationalFees(),
    queryFn: ({ signal }) => api.get<Paged<NationalFee>>('/national-fee', { PerPage: 0 }, signal),
  });
export const useSaveNationalFee = () =>
  useInvoicingMutation(({ year, body }: { year: number; body: NationalFeeBody }) =>
    api.put<NationalFee>(`/national-fee/${year}`, body),
  );

export type FeeRunPreviewQuery = { Year: number; ClubId?: string; Page: number; PerPage: number };
/** GET fee-run/preview: what a run would create and who is left out; nothing is stored. */
export const useFeeRunPreview = (query: FeeRunPreviewQuery | null) =>
  useQuery({
    queryKey: invoiceKeys.feeRunPreview(query ?? {}),
    queryFn: ({ signal }) => api.get<FeeRunPreview>('/fee-run/preview', query ?? undefined, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
export const useStartFeeRun = () =>
  useInvoicingMutation((body: { year: number; clubId: string | null }) => api.post<FeeRun>('/fee-run', body));
export const useFeeRuns = (clubId: string | null) =>
  useQuery({
    queryKey: invoiceKeys.feeRuns(clubId),
    queryFn: ({ signal }) =>
      api.get<Paged<FeeRun>>('/fee-run', { ...(clubId ? { ClubId: clubId } : {}), Page: 0, PerPage: 10 }, signal),
  });

export const usePrintBatches = (clubId: string | null) =>
  useQuery({
    queryKey: invoiceKeys.printBatches(clubId),
    queryFn: ({ signal }) =>
      api.get<Paged<PrintBatch>>(
        '/invoice-print-batch',
        { ...(clubId ? { ClubId: clubId } : {}), Page: 0, PerPage: 10 },
        signal,
      ),
  });
export const useCreatePrintBatch = () =>
  useInvoicingMutation((body: { feeRunId: string } | { reminderRunId: string }) =>
    api.post<PrintBatch>('/invoice-print-batch', body),
  );

/** Downloads a file of the API under the name the server gives it. */
export async function download(path: string, query?: Record<string, QueryValue>): Promise<void> {
  const { blob, fileName } = await downloadFile(path, query);
  saveFile(blob, fileName);
}
export const useDownload = () =>
  useMutation({
    mutationFn: ({ path, query }: { path: string; query?: Record<string, QueryValue> }) => download(path, query),
  });
export const printBatchPdfPath = (id: string) => `/invoice-print-batch/${encodeURIComponent(id)}/pdf`;

/** The club's name for the finance page's heading (GET club/{id}; the clubs feature keeps its own query). */
export const useClubName = (clubId: string) =>
  useQuery({
    queryKey: ['invoicing', 'club-name', clubId],
    queryFn: ({ signal }) => api.get<{ id: string; name: string }>(`${club(clubId)}`, undefined, signal),
    select: (data) => data.name,
  });

/** Whether she manages the invoices of the club, from GET invoice-clubs (the server decides anyway). */
export function useCanManageInvoicesOf(clubId: string | null) {
  const clubs = useInvoiceClubs();
  const isAllowed = Boolean(
    clubs.data && (clubs.data.isAllClubs || (clubId !== null && clubs.data.clubs.some((entry) => entry.id === clubId))),
  );
  return { isAllowed, isPending: clubs.isPending, isError: clubs.isError };
}
