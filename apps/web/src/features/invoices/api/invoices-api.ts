import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import type { QueryValue } from '../../../api/api-client';
import { invoiceKeys } from './invoice-keys';
import { useInvoicingMutation } from './invoicing-api';
import type { InvoiceDetail, InvoiceListItem, InvoiceTotals, Paged } from './invoice-types';

/** Issue 17: invoices, their list, totals, detail, cancel, send, PDF, manual payments (contract 13-17, 21-24). */
const invoicePath = (id: string) => `/invoice/${encodeURIComponent(id)}`;

export type InvoiceListQuery = Record<string, QueryValue>;

/** GET invoice: one page of the invoices of the clubs she manages, filtered and sorted on the server. */
export const useInvoices = (query: InvoiceListQuery) =>
  useQuery({
    queryKey: invoiceKeys.list(query),
    queryFn: ({ signal }) => api.get<Paged<InvoiceListItem>>('/invoice', query, signal),
    placeholderData: keepPreviousData,
  });

/** The invoice picker: the first 20 invoices whose number or name matches (from two characters on). */
export const useInvoiceSearch = (clubId: string | null, search: string) => {
  const query = { ...(clubId ? { ClubId: clubId } : {}), Search: search, Page: 0, PerPage: 20 };
  return useQuery({
    queryKey: invoiceKeys.search(query),
    queryFn: ({ signal }) => api.get<Paged<InvoiceListItem>>('/invoice', query, signal),
    enabled: search.length >= 2,
    placeholderData: keepPreviousData,
  });
};

export const useInvoiceTotals = (clubId: string) =>
  useQuery({
    queryKey: invoiceKeys.totals(clubId),
    queryFn: ({ signal }) => api.get<InvoiceTotals>('/invoice-totals', { ClubId: clubId }, signal),
  });

export const useInvoice = (id: string) =>
  useQuery({
    queryKey: invoiceKeys.detail(id),
    queryFn: ({ signal }) => api.get<InvoiceDetail>(invoicePath(id), undefined, signal),
  });

export const useCancelInvoice = () =>
  useInvoicingMutation(({ id, reason }: { id: string; reason: string }) =>
    api.post<InvoiceDetail>(`${invoicePath(id)}/cancel`, reason ? { reason } : {}),
  );
export const useSendInvoice = () => useInvoicingMutation((id: string) => api.post<void>(`${invoicePath(id)}/send`));

export type ManualPayment = { amountCentimes: number; paidOn: string; note?: string };
/** POST invoice/{id}/payment (the dialog's button is disabled while it is sent, so a double click books once). */
export const useBookPayment = () =>
  useInvoicingMutation(({ id, body }: { id: string; body: ManualPayment }) =>
    api.post<InvoiceDetail>(`${invoicePath(id)}/payment`, body),
  );

export const invoicePdfPath = (id: string) => `${invoicePath(id)}/pdf`;

/** GET me/invoice: her own invoices, newest first. */
export const useMyInvoices = (page: number, perPage: number) =>
  useQuery({
    queryKey: invoiceKeys.mine(page),
    queryFn: ({ signal }) => api.get<Paged<InvoiceListItem>>('/me/invoice', { Page: page, PerPage: perPage }, signal),
    placeholderData: keepPreviousData,
  });
