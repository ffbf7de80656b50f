import { z } from 'zod';

/** The states of a server-side job (docs/decisions/jobs.md). */
export const jobStates = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobStateName = (typeof jobStates)[number];

/** GET jobs/{id}: a job's progress, for its owner and admins. `result` is the job kind's own shape. */
export const jobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  state: z.enum(jobStates),
  done: z.number().int(),
  total: z.number().int().nullable(),
  result: z.unknown().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

/** A job has ended when it is done, failed or cancelled: the web app stops asking. */
export const isJobFinished = (state: JobStateName) => state === 'done' || state === 'failed' || state === 'cancelled';
