import type { EventInvoicePreview, EventInvoiceRun } from '@bpw/domain/schemas/payment';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { useInvoicingMutation } from './invoicing-api';

/** Issue 17: an event's invoice run (contract 31): the preview for a price, then the run. */
const runPath = (eventId: string) => `/event/${encodeURIComponent(eventId)}/invoice-run`;

/** GET event/{id}/invoice-run/preview: how many invoices, the total, who is left out (null: no amount yet). */
export const useEventInvoicePreview = (eventId: string, amountCentimes: number | null) =>
  useQuery({
    queryKey: ['invoicing', 'event-run-preview', eventId, amountCentimes],
    queryFn: ({ signal }) =>
      api.get<EventInvoicePreview>(`${runPath(eventId)}/preview`, { AmountCentimes: amountCentimes! }, signal),
    enabled: amountCentimes !== null,
  });

/** POST event/{id}/invoice-run: the invoices, and the job that renders and mails their PDFs. */
export const useStartEventInvoiceRun = (eventId: string) =>
  useInvoicingMutation((amountCentimes: number) => api.post<EventInvoiceRun>(runPath(eventId), { amountCentimes }));
