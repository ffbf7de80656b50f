import { dueDateFor } from '@bpw/domain/invoice-fees';
import { canManageInvoicesOf } from '@bpw/domain/invoice-permissions';
import type { Actor } from '@bpw/domain/permissions';
import type { ReminderPreview, ReminderRun } from '@bpw/domain/schemas/payment';
import { writeAuditEntry } from '../../platform/audit';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { isForeignKeyViolation } from '../../platform/db-errors';
import { forbidden, notFound, tooManyForAll } from '../../platform/errors';
import type { FeatureDeps } from '../../platform/feature-deps';
import { enqueueJob } from '../../platform/jobs/job-queue';
import { loadInvoiceActor } from '../invoices/invoice-shared.service';
import { paymentClubScope } from './payment-imports.service';
import {
  countReminderCandidates,
  findReminderOmissions,
  findReminderRun,
  findReminderRunPage,
  insertReminderRun,
  type ReminderRunRow,
  setReminderRunJob,
} from './reminder-runs.queries';

type Deps = Pick<FeatureDeps, 'db' | 'now' | 'jobs' | 'config'>;

export const REMINDER_RUN_JOB_KIND = 'reminder-run';
/** Days a reminder gives to pay (docs/decisions/invoices.md "Reminders"). */
export const REMINDER_TERM_DAYS = 10;

/** A club's reminders are for its invoice managers (403 otherwise: the club is no secret). */
export async function authorizeReminders(deps: Pick<Deps, 'db' | 'now'>, actor: Actor, clubId: string) {
  if (!canManageInvoicesOf(await loadInvoiceActor(deps.db, actor, deps.now()), clubId)) throw forbidden();
}

/** GET reminder-run/preview (contract 29): who gets a reminder of this level now, the total open, who not and why. */
export async function previewReminderRun(
  deps: Deps,
  actor: Actor,
  query: { ClubId: string; Level: number; Page: number; PerPage: number },
): Promise<ReminderPreview> {
  await authorizeReminders(deps, actor, query.ClubId);
  const level = query.Level as 1 | 2;
  const today = isoDateInSwitzerland(deps.now());
  const counts = await countReminderCandidates(deps.db, { clubId: query.ClubId, level, today });
  const omissions = await findReminderOmissions(deps.db, {
    clubId: query.ClubId,
    level,
    today,
    limit: query.PerPage === 0 ? deps.config.listAllLimit + 1 : query.PerPage,
    offset: query.PerPage === 0 ? 0 : query.Page * query.PerPage,
  });
  if (query.PerPage === 0 && omissions.total > deps.config.listAllLimit) throw tooManyForAll(deps.config.listAllLimit);
  return {
    clubId: query.ClubId,
    level,
    reminderCount: counts.count,
    openCentimes: counts.openCentimes,
    mailCount: counts.mailCount,
    printCount: counts.printCount,
    omittedByReason: omissions.byReason,
    omitted: { items: omissions.items, total: omissions.total },
  };
}

const toRun = (row: ReminderRunRow): ReminderRun => row;

/**
 * POST reminder-run (contract 30): the run and its job in one transaction (202). The job
 * reminds each invoice due for this level once, renders the reminder with its QR part and
 * mails it (or leaves it for the print batch).
 */
export async function startReminderRun(
  deps: Deps,
  actor: Actor,
  body: { clubId: string; level: 1 | 2 },
): Promise<ReminderRun> {
  await authorizeReminders(deps, actor, body.clubId);
  const now = deps.now();
  const today = isoDateInSwitzerland(now);
  const id = await insertRunAndJob().catch((error: unknown) => {
    // An admin may name any club: one that does not exist is not found, not a server error.
    throw isForeignKeyViolation(error) ? notFound() : error;
  });
  deps.jobs.kick();
  return toRun((await findReminderRun(deps.db, { id }))!);

  function insertRunAndJob() {
    return deps.db.transaction(async (tx) => {
      const runId = await insertReminderRun(tx, {
        clubId: body.clubId,
        level: body.level,
        overdueBefore: today,
        by: actor.personId,
        now,
      });
      const jobId = await enqueueJob(tx, {
        kind: REMINDER_RUN_JOB_KIND,
        ownerPersonId: actor.personId,
        params: {
          runId,
          clubId: body.clubId,
          level: body.level,
          today,
          dueDate: dueDateFor(today, REMINDER_TERM_DAYS),
        },
      });
      await setReminderRunJob(tx, { id: runId, jobId });
      await writeAuditEntry(tx, {
        actorPersonId: actor.personId,
        action: 'created',
        entity: 'reminderRun',
        entityId: runId,
        at: now,
        details: { clubId: body.clubId, level: body.level },
      });
      return runId;
    });
  }
}

/** GET reminder-run: the runs of the caller's clubs, newest first. */
export async function listReminderRuns(
  deps: Deps,
  actor: Actor,
  query: { ClubId?: string | undefined; Page: number; PerPage: number },
): Promise<{ items: ReminderRun[]; total: number }> {
  const clubIds = await paymentClubScope(deps, actor, query.ClubId);
  const page = await findReminderRunPage(deps.db, {
    clubIds,
    limit: query.PerPage === 0 ? deps.config.listAllLimit + 1 : query.PerPage,
    offset: query.PerPage === 0 ? 0 : query.Page * query.PerPage,
  });
  if (query.PerPage === 0 && page.total > deps.config.listAllLimit) throw tooManyForAll(deps.config.listAllLimit);
  return { items: page.items.map(toRun), total: page.total };
}

/** GET reminder-run/{id}. */
export async function getReminderRun(deps: Deps, actor: Actor, id: string): Promise<ReminderRun> {
  const run = await findReminderRun(deps.db, { id });
  if (!run) throw notFound();
  if (!canManageInvoicesOf(await loadInvoiceActor(deps.db, actor, deps.now()), run.clubId)) throw forbidden();
  return toRun(run);
}
