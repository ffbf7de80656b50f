import type { PersonClubRelation } from '@bpw/domain/schemas/membership';
import type {
  ErasureRequestBody,
  ErasureRequestList,
  LeaveConfirmBody,
  LeaveRequest,
  LeaveRequestBody,
  LeaveRequestList,
  OwnErasureRequest,
  PrivacyDeclineBody,
  PrivacySetting,
  PrivacySettingBody,
  RetentionCandidateList,
  RetentionRun,
} from '@bpw/domain/schemas/privacy-request';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';

/** Issue 25: leave and erasure requests, retention (docs/decisions/erasure.md). */
export const privacyRequestKeys = {
  all: ['privacy-requests'] as const,
  ownLeave: () => [...privacyRequestKeys.all, 'own-leave'] as const,
  ownErasure: () => [...privacyRequestKeys.all, 'own-erasure'] as const,
  myClubs: (personId: string) => [...privacyRequestKeys.all, 'my-clubs', personId] as const,
  clubLeave: (clubId: string, page: number, perPage: number) =>
    [...privacyRequestKeys.all, 'club-leave', clubId, page, perPage] as const,
  erasures: (page: number, perPage: number) => [...privacyRequestKeys.all, 'erasures', page, perPage] as const,
  setting: () => [...privacyRequestKeys.all, 'setting'] as const,
  candidates: (page: number, perPage: number) => [...privacyRequestKeys.all, 'candidates', page, perPage] as const,
};

function useInvalidateAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: privacyRequestKeys.all });
}

/* ------------------------------------------------------------------ her own */

/** GET person/{id}/club: her relations (the clubs she may ask to leave). */
export function useMyClubRelations(personId: string) {
  return useQuery({
    queryKey: privacyRequestKeys.myClubs(personId),
    queryFn: async ({ signal }) => {
      const answer = await api.get<PersonClubRelation[] | { items: PersonClubRelation[] }>(
        `/person/${encodeURIComponent(personId)}/club`,
        undefined,
        signal,
      );
      return Array.isArray(answer) ? answer : answer.items;
    },
    enabled: Boolean(personId),
  });
}

export const useOwnLeaveRequests = () =>
  useQuery({
    queryKey: privacyRequestKeys.ownLeave(),
    queryFn: ({ signal }) => api.get<LeaveRequestList>('/person/me/leave-request', undefined, signal),
  });

export function useRequestLeave() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (body: LeaveRequestBody) => api.post<LeaveRequest>('/person/me/leave-request', body),
    onSuccess: invalidate,
  });
}

export function useWithdrawLeave() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/person/me/leave-request/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}

export const useOwnErasureRequest = () =>
  useQuery({
    queryKey: privacyRequestKeys.ownErasure(),
    queryFn: ({ signal }) => api.get<OwnErasureRequest>('/person/me/erasure-request', undefined, signal),
  });

export function useRequestErasure() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (body: ErasureRequestBody) => api.post<OwnErasureRequest>('/person/me/erasure-request', body),
    onSuccess: invalidate,
  });
}

export function useWithdrawErasure() {
  const invalidate = useInvalidateAll();
  return useMutation({ mutationFn: () => api.delete('/person/me/erasure-request'), onSuccess: invalidate });
}

/* ------------------------------------------------------------------ a club's managers */

export const useClubLeaveRequests = (clubId: string, page: number, perPage: number) =>
  useQuery({
    queryKey: privacyRequestKeys.clubLeave(clubId, page, perPage),
    queryFn: ({ signal }) =>
      api.get<LeaveRequestList>(
        `/club/${encodeURIComponent(clubId)}/leave-request`,
        { Page: page, PerPage: perPage },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

type LeaveDecision = { kind: 'confirm'; body: LeaveConfirmBody } | { kind: 'decline'; body: PrivacyDeclineBody };

export function useDecideLeave(id: string) {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (decision: LeaveDecision) =>
      api.put(`/leave-request/${encodeURIComponent(id)}/${decision.kind}`, decision.body),
    onSuccess: invalidate,
  });
}

/* ------------------------------------------------------------------ admins */

export const useErasureRequests = (page: number, perPage: number) =>
  useQuery({
    queryKey: privacyRequestKeys.erasures(page, perPage),
    queryFn: ({ signal }) => api.get<ErasureRequestList>('/erasure-request', { Page: page, PerPage: perPage }, signal),
    placeholderData: keepPreviousData,
  });

type ErasureDecision = { kind: 'execute' } | { kind: 'decline'; body: PrivacyDeclineBody };

export function useDecideErasure(personId: string) {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (decision: ErasureDecision) =>
      api.put(
        `/erasure-request/${encodeURIComponent(personId)}/${decision.kind}`,
        decision.kind === 'decline' ? decision.body : undefined,
      ),
    onSuccess: invalidate,
  });
}

export const usePrivacySetting = () =>
  useQuery({
    queryKey: privacyRequestKeys.setting(),
    queryFn: ({ signal }) => api.get<PrivacySetting>('/privacy-setting', undefined, signal),
  });

export function useSavePrivacySetting() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (body: PrivacySettingBody) => api.put<PrivacySetting>('/privacy-setting', body),
    onSuccess: invalidate,
  });
}

export const useRetentionCandidates = (page: number, perPage: number) =>
  useQuery({
    queryKey: privacyRequestKeys.candidates(page, perPage),
    queryFn: ({ signal }) =>
      api.get<RetentionCandidateList>('/retention-candidate', { Page: page, PerPage: perPage }, signal),
    placeholderData: keepPreviousData,
  });

export function useStartRetentionRun() {
  return useMutation({ mutationFn: () => api.post<RetentionRun>('/retention-run') });
}
