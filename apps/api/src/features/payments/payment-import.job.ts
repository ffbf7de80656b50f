import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../db/client';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import type { JobHandler } from '../../platform/jobs/job-runner';
import type { CamtCredit } from './camt054';
import { bookCreditBatch } from './payment-credits';
import { addImportCounts, clearImportContent, findImport, findImportContent } from './payment-imports.queries';
import { CREDITS_PER_BATCH, PAYMENT_IMPORT_JOB_KIND } from './payment-imports.service';

/**
 * A large camt.054 booked in the background (issue 17, docs/decisions/invoices.md "Payments"):
 * the credits as the upload read them (kept as JSON), and each batch of credits is booked together with the import's
 * counts and the job's cursor in one transaction (platform/jobs `step`). A crash undoes the
 * batch; the resumed job starts after the last committed one, and the idempotency keys would
 * skip a credit booked twice anyway. At the end the kept credits are dropped.
 */
export function createPaymentImportJobHandler(deps: { db: Db; now: () => Date }): JobHandler {
  return {
    kind: PAYMENT_IMPORT_JOB_KIND,
    run: async ({ job, step }) => {
      const { importId } = job.params as { importId: string };
      const row = await findImport(deps.db, { id: importId });
      const content = row && (await findImportContent(deps.db, { id: importId }));
      if (!row || !content || !job.ownerPersonId) throw new PaymentImportGone();
      const actorPersonId = job.ownerPersonId;
      const credits = JSON.parse(content.toString('utf8')) as CamtCredit[];
      let next = (job.cursor as { next?: number } | null)?.next ?? 0;
      while (next < credits.length) {
        const start = next;
        next = await step(async (tx) => {
          const now = deps.now();
          const batch = credits.slice(start, start + CREDITS_PER_BATCH);
          const counts = await bookCreditBatch(tx, {
            importId,
            clubId: row.clubId,
            credits: batch,
            actorPersonId,
            now,
            today: isoDateInSwitzerland(now),
          });
          await addImportCounts(tx, { id: importId, counts });
          const done = start + batch.length;
          return { value: done, cursor: { next: done }, done, total: credits.length };
        });
        // Other requests get their turn between batches (one PGlite connection serves them all).
        await nextTurn();
      }
      await clearImportContent(deps.db, { id: importId });
      const final = (await findImport(deps.db, { id: importId }))!;
      return {
        importId,
        creditCount: final.creditCount,
        matchedCount: final.matchedCount,
        unmatchedCount: final.unmatchedCount,
        duplicateCount: final.duplicateCount,
      };
    },
  };
}

/** The import or its file is gone: the job fails (no personal data in the name). */
class PaymentImportGone extends Error {
  constructor() {
    super('payment import gone');
    this.name = 'PaymentImportGone';
  }
}
