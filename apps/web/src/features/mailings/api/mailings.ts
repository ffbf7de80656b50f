import type { LanguageCode } from '@bpw/domain/enums/language';
import type {
  Mailing,
  MailingAttachmentInfo,
  MailingPreview,
  MailingProgress,
  MailingState,
  MailingWriteData,
  RecipientState,
} from '@bpw/domain/schemas/mailing';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/api';
import { downloadFile } from '../../../lib/file-download';

/** Issue 18: the calls of the mailing pages (compose, preview, send, progress, archive). */
export interface MailingListItem {
  id: string;
  clubId: string | null;
  audienceKind: Mailing['audience']['kind'];
  audienceLabel: string;
  subject: string;
  state: MailingState;
  isAdvertising: boolean;
  recipientTotal: number | null;
  counts: { sent: number; failed: number };
  createdAt: string;
  sendRequestedAt: string | null;
  finishedAt: string | null;
}
export interface MailingRecipient {
  id: string;
  personId: string | null;
  address: string;
  firstname: string | null;
  lastname: string | null;
  language: string;
  state: RecipientState;
  error: string | null;
  sentAt: string | null;
}
type Paged<T> = { items: T[]; total: number };

export const mailingKeys = {
  all: ['mailing'] as const,
  list: (clubId: string | null, page: number, perPage: number) =>
    ['mailing', 'list', clubId ?? 'association', page, perPage] as const,
  detail: (id: string) => ['mailing', 'detail', id] as const,
  progress: (id: string) => ['mailing', 'progress', id] as const,
  preview: (id: string, language: string) => ['mailing', 'preview', id, language] as const,
  recipients: (id: string, page: number, perPage: number) => ['mailing', 'recipients', id, page, perPage] as const,
};

const path = (id: string) => `/mailing/${encodeURIComponent(id)}`;

/** GET mailing: a club's mailings (the association's without ClubId), newest first, one page. */
export const useMailings = (clubId: string | null, page: number, perPage: number, isEnabled = true) =>
  useQuery({
    queryKey: mailingKeys.list(clubId, page, perPage),
    queryFn: ({ signal }) =>
      api.get<Paged<MailingListItem>>(
        '/mailing',
        { ClubId: clubId ?? undefined, Page: page, PerPage: perPage },
        signal,
      ),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });

export const useMailing = (id: string) =>
  useQuery({
    queryKey: mailingKeys.detail(id),
    queryFn: ({ signal }) => api.get<Mailing>(path(id), undefined, signal),
  });

const isRunning = (state: MailingState | undefined) => state === 'queued' || state === 'sending';

/** GET mailing/{id}/progress, asked again every 1.5 s while the mailing is queued or sending. */
export const useMailingProgress = (id: string, isEnabled: boolean) =>
  useQuery({
    queryKey: mailingKeys.progress(id),
    queryFn: ({ signal }) => api.get<MailingProgress>(`${path(id)}/progress`, undefined, signal),
    enabled: isEnabled,
    refetchInterval: (query) => (query.state.data && !isRunning(query.state.data.state) ? false : 1500),
  });

export const useMailingPreview = (id: string, language: LanguageCode, isEnabled = true) =>
  useQuery({
    enabled: isEnabled,
    queryKey: mailingKeys.preview(id, language),
    queryFn: ({ signal }) => api.get<MailingPreview>(`${path(id)}/preview`, { Language: language }, signal),
  });

export const useMailingRecipients = (id: string, page: number, perPage: number) =>
  useQuery({
    queryKey: mailingKeys.recipients(id, page, perPage),
    queryFn: ({ signal }) =>
      api.get<Paged<MailingRecipient>>(`${path(id)}/recipient`, { Page: page, PerPage: perPage }, signal),
    placeholderData: keepPreviousData,
  });

function useMailingMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailingKeys.all }),
  });
}

export const useCreateMailing = () =>
  useMailingMutation((body: MailingWriteData) => api.post<Mailing>('/mailing', body));
export const useSaveMailing = () =>
  useMailingMutation(({ id, body }: { id: string; body: MailingWriteData }) => api.put<Mailing>(path(id), body));
export const useDeleteMailing = () => useMailingMutation((id: string) => api.delete(path(id)));
export const useSendMailing = () => useMailingMutation((id: string) => api.post<Mailing>(`${path(id)}/send`));
export const useCancelMailing = () => useMailingMutation((id: string) => api.post<Mailing>(`${path(id)}/cancel`));
export const useTestMailing = () =>
  useMutation({
    mutationFn: ({ id, language }: { id: string; language: LanguageCode }) =>
      api.post<{ address: string }>(`${path(id)}/test`, { language }),
  });

export const useUploadAttachment = () =>
  useMailingMutation(({ id, file }: { id: string; file: File }) => {
    const form = new FormData();
    form.append('file', file);
    return api.post<MailingAttachmentInfo>(`${path(id)}/attachment`, form);
  });
export const useDeleteAttachment = () =>
  useMailingMutation(({ id, attachmentId }: { id: string; attachmentId: string }) =>
    api.delete(`${path(id)}/attachment/${encodeURIComponent(attachmentId)}`),
  );
export const downloadAttachment = (id: string, attachmentId: string) =>
  downloadFile(`${path(id)}/attachment/${encodeURIComponent(attachmentId)}`);
