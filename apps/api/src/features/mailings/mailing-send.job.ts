import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { JobHandler } from '../../platform/jobs/job-runner';
import { insertRecipients } from './mailing-audience.queries';
import { resolveAudience } from './mailing-access';
import { findMailing, markSending } from './mailings.queries';

export const MAILING_SEND_JOB = 'mailing-send';

type Params = { mailingId: string; isAdmin: boolean };

/**
 * Issue 18: the first half of sending (docs/decisions/mailings.md). One step, one transaction:
 * the recipients are written by one INSERT ... SELECT and the mailing becomes `sending`, together
 * with the job's cursor, so a crash either left none of them or all (resumed: nothing twice). The
 * feeder (mailing-feeder.ts) then hands them to the outbox at the configured rate.
 */
export function createMailingSendJob(deps: {
  db: Db;
  now: () => Date;
  onResolved: () => void;
  /** The job's own statement timeout (LONG_STATEMENT_TIMEOUT_MS), not a request's 5 s. */
  statementTimeoutMs?: number;
}): JobHandler {
  return {
    kind: MAILING_SEND_JOB,
    run: async ({ job, step }) => {
      const params = job.params as Params;
      const cursor = job.cursor as { isResolved?: boolean } | null;
      let result: { queued: number; skipped: number; withoutEmail: number } | null = null;
      if (!cursor?.isResolved) {
        result = await step(async (tx) => {
          const mailing = await findMailing(tx, { id: params.mailingId });
          // Cancelled (or deleted) before it was resolved: nothing to do.
          if (mailing?.state !== 'queued') return { value: null, cursor: { isResolved: true }, done: 1 };
          // The one INSERT ... SELECT of 100,000 recipients takes seconds (docs/performance.md
          // "Mailings"): on a busy server it passed a request's 5 s and the job failed three times.
          if (deps.statementTimeoutMs) {
            await tx.execute(sql.raw(`set local statement_timeout = ${Math.trunc(deps.statementTimeoutMs)}`));
          }
          // The sender's rights were checked when she asked to send; the filter means what it meant then.
          const audience = resolveAudience(mailing.audience, {
            actor: {
              personId: mailing.createdBy ?? '',
              isAdmin: params.isAdmin,
              isCentralCommittee: false,
              clubManagerOf: [],
              eventManagerOf: [],
              memberOf: [],
            },
            now: deps.now(),
          });
          const counts = await insertRecipients(tx, {
            mailingId: mailing.id,
            audience,
            isAdvertising: mailing.isAdvertising,
          });
          await markSending(tx, { id: mailing.id, ...counts });
          return { value: counts, cursor: { isResolved: true }, done: 1 };
        });
      }
      deps.onResolved();
      // Counts only: no personal data in a job's result.
      return result ? { recipients: result.queued, skipped: result.skipped, withoutEmail: result.withoutEmail } : {};
    },
  };
}
