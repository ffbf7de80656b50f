import { isJobFinished, type Job } from '@bpw/domain/schemas/job';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/api';

export const jobKeys = { detail: (id: string) => ['jobs', id] as const };

/** GET jobs/{id}: a server-side job's progress (docs/decisions/jobs.md). */
export const getJob = (id: string, signal?: AbortSignal) => api.get<Job>(`/jobs/${id}`, undefined, signal);

/** The job, asked again every second until it has ended. */
export function useJob(id: string | null | undefined, intervalMs = 1000) {
  return useQuery({
    queryKey: jobKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getJob(id!, signal),
    enabled: Boolean(id),
    refetchInterval: (query) => {
      const job = query.state.data;
      return job && isJobFinished(job.state) ? false : intervalMs;
    },
  });
}
