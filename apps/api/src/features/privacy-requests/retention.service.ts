import type { Actor } from '@bpw/domain/permissions';
import type {
  PrivacySetting,
  PrivacySettingBody,
  RetentionCandidateList,
  RetentionCandidateListQuery,
  RetentionRun,
} from '@bpw/domain/schemas/privacy-request';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema/jobs';
import { writeAuditEntry } from '../../platform/audit';
import { findActor } from '../../platform/auth/actor.queries';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { conflict, forbidden } from '../../platform/errors';
import type { FeatureDeps } from '../../platform/feature-deps';
import { enqueueJob } from '../../platform/jobs/job-queue';
import type { JobHandler } from '../../platform/jobs/job-runner';
import { erasePerson } from './erasure.service';
import {
  countRetentionCandidates,
  findNextRetentionCandidate,
  findRetentionCandidates,
  findRetentionMonths,
  saveRetentionMonths,
} from './privacy-requests.queries';

/**
 * Retention (issue 25, docs/decisions/erasure.md): the association sets how many months a person
 * may be without an active membership and without a sign-in (none by default); admins see the
 * persons past it and run their anonymisation as a job, each person in its own transaction with
 * the erasure's code.
 */
type Deps = Pick<FeatureDeps, 'db' | 'now' | 'jobs'>;

export const RETENTION_JOB_KIND = 'person-retention';
const ASSOCIATION_SETTING_ID = '00000000-0000-0000-0000-000000000001';

/** The cutoff `months` before `now`: as an instant (sign-ins, creation) and as a Swiss day (relations). */
export function retentionCutoff(now: Date, months: number) {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return { cutoff, cutoffDay: isoDateInSwitzerland(cutoff) };
}

/** GET privacy-setting: admins. */
export async function getPrivacySetting(deps: Deps, actor: Actor): Promise<PrivacySetting> {
  if (!actor.isAdmin) throw forbidden();
  return { retentionMonths: await findRetentionMonths(deps.db) };
}

/** PUT privacy-setting: admins; audited. */
export async function updatePrivacySetting(
  deps: Deps,
  actor: Actor,
  body: PrivacySettingBody,
): Promise<PrivacySetting> {
  if (!actor.isAdmin) throw forbidden();
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await saveRetentionMonths(tx, { months: body.retentionMonths, actorId: actor.personId, now });
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'updated',
      entity: 'privacySetting',
      // The association's one setting row.
      entityId: ASSOCIATION_SETTING_ID,
      at: now,
      details: { retentionMonths: body.retentionMonths },
    });
  });
  return { retentionMonths: body.retentionMonths };
}

/** GET retention-candidate: admins; empty without a retention period. */
export async function listRetentionCandidates(
  deps: Deps,
  actor: Actor,
  query: RetentionCandidateListQuery,
): Promise<RetentionCandidateList> {
  if (!actor.isAdmin) throw forbidden();
  const months = await findRetentionMonths(deps.db);
  if (months === null) return { items: [], total: 0, retentionMonths: null };
  const page = await findRetentionCandidates(deps.db, {
    ...retentionCutoff(deps.now(), months),
    limit: query.PerPage === 0 ? undefined : query.PerPage,
    offset: query.PerPage === 0 ? 0 : query.Page * query.PerPage,
  });
  return { items: page.items, total: page.total, retentionMonths: months };
}

/**
 * POST retention-run: admins; queues the job (one at a time: a queued or running one is
 * answered again). The cutoff is fixed now, so the job anonymises the persons the admin saw.
 */
export async function startRetentionRun(deps: Deps, actor: Actor): Promise<RetentionRun> {
  if (!actor.isAdmin) throw forbidden();
  const months = await findRetentionMonths(deps.db);
  if (months === null) throw conflict('error.retentionNotSet');
  const { cutoff, cutoffDay } = retentionCutoff(deps.now(), months);
  const jobId = await deps.db.transaction(async (tx) => {
    const [running] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, RETENTION_JOB_KIND), inArray(jobs.state, ['queued', 'running'])))
      .for('update');
    if (running) return running.id;
    const total = await countRetentionCandidates(tx, { cutoff, cutoffDay });
    return enqueueJob(tx, {
      kind: RETENTION_JOB_KIND,
      ownerPersonId: actor.personId,
      params: { cutoff: cutoff.toISOString(), cutoffDay, months },
      total,
    });
  });
  deps.jobs.kick();
  return { jobId };
}

/**
 * The job: from its cursor (the last person id done or skipped), the next person still past the
 * period is erased and the cursor moves past her in the same transaction, so a resumed job never
 * does a person twice; one who signed in or joined meanwhile is no longer found. The admin's
 * rights are read again at every (re)start.
 */
export function createRetentionJobHandler(deps: { db: Db; now: () => Date }): JobHandler {
  return {
    kind: RETENTION_JOB_KIND,
    run: async ({ job, step }) => {
      const params = job.params as { cutoff: string; cutoffDay: string };
      const cutoff = { cutoff: new Date(params.cutoff), cutoffDay: params.cutoffDay };
      const owner =
        job.ownerPersonId &&
        (await findActor(deps.db, { personId: job.ownerPersonId, today: isoDateInSwitzerland(deps.now()) }));
      if (!owner || owner.isArchived || !owner.actor.isAdmin) throw new RetentionOwnerGone();
      let cursor = (job.cursor as { after?: string; erased?: number } | null) ?? {};
      let done = job.progressDone;
      // `step` stops a run that is interrupted (shutdown) or cancelled; the job resumes at its cursor.
      for (;;) {
        const next = await step(async (tx) => {
          const personId = await findNextRetentionCandidate(tx, { ...cutoff, afterId: cursor.after ?? null });
          if (!personId) return { value: null, cursor, done };
          const isErased = await erasePerson(tx, {
            personId,
            actorId: owner.actor.personId,
            now: deps.now(),
            via: 'retention',
          });
          const moved = { after: personId, erased: (cursor.erased ?? 0) + (isErased ? 1 : 0) };
          return { value: moved, cursor: moved, done: done + 1 };
        });
        if (!next) break;
        cursor = next;
        done++;
        // Other requests are served between persons (PGlite has one connection).
        await nextTurn();
      }
      return { erased: cursor.erased ?? 0 };
    },
  };
}

/** The admin who started the job is no longer one: the job fails instead of erasing on. */
class RetentionOwnerGone extends Error {
  constructor() {
    super('retention job owner is no admin');
    this.name = 'RetentionOwnerGone';
  }
}
