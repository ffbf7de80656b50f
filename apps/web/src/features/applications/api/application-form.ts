import type { ApplicationForm, ApplicationFormBody } from '@bpw/domain/schemas/application';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applicationKeys, scopedPath } from './application-keys';
import { api } from '../../../api/api';

/** GET club/{id}/application-form or application-form: the form to edit. */
export function useApplicationForm(clubId: string | null) {
  return useQuery({
    queryKey: applicationKeys.form(clubId),
    queryFn: ({ signal }) =>
      api.get<ApplicationForm>(scopedPath(clubId, 'application-form', 'application-form'), undefined, signal),
  });
}

/** PUT club/{id}/application-form or application-form. */
export function useUpdateApplicationForm(clubId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplicationFormBody) =>
      api.put<ApplicationForm>(scopedPath(clubId, 'application-form', 'application-form'), body),
    onSuccess: (form) => {
      queryClient.setQueryData(applicationKeys.form(clubId), form);
      void queryClient.invalidateQueries({ queryKey: applicationKeys.publicForm(clubId) });
    },
  });
}
