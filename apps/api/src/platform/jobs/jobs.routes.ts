import type { Actor } from '@bpw/domain/actor';
import { type Job, jobSchema } from '@bpw/domain/schemas/job';
import { idParamsSchema } from '@bpw/domain/schemas/query-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../feature-deps';
import { requireActor } from '../auth/auth-plugin';
import { notFound } from '../errors';
import { cancelJob, findJob, type JobRow } from './job-queue';

const iso = (date: Date | null) => (date ? date.toISOString().replace(/\.\d{3}Z$/, 'Z') : null);

export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    done: row.progressDone,
    total: row.progressTotal,
    result: row.result ?? null,
    error: row.error,
    createdAt: iso(row.createdAt)!,
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

/** The owner and admins see a job; anybody else learns nothing (404, not 403). */
async function findVisibleJob(deps: Pick<FeatureDeps, 'db'>, actor: Actor, id: string): Promise<JobRow> {
  const row = await findJob(deps.db, { id });
  if (!row || !(actor.isAdmin || row.ownerPersonId === actor.personId)) throw notFound();
  return row;
}

/** The job API (docs/decisions/jobs.md): progress for the web app's progress bar, and cancel. */
export const jobsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const tags = ['jobs'];
  app.get(
    '/jobs/:id',
    {
      schema: {
        tags,
        summary: 'A job: state, progress and result',
        params: idParamsSchema,
        response: { 200: jobSchema },
      },
    },
    async (request) => toJob(await findVisibleJob(deps, requireActor(request), request.params.id)),
  );
  app.post(
    '/jobs/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a job that has not ended',
        params: idParamsSchema,
        response: { 200: jobSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      await findVisibleJob(deps, actor, request.params.id);
      await cancelJob(deps.db, { id: request.params.id });
      return toJob(await findVisibleJob(deps, actor, request.params.id));
    },
  );
};
