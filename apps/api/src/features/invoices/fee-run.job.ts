import type { Db, DbOrTx } from '../../db/client';
import { enqueueJob } from '../../platform/jobs/job-queue';
import type { JobHandler } from '../../platform/jobs/job-runner';
import { CANDIDATE_BATCH, clubIdsOfRun, decide, isSkip, loadClubContext } from './fee-run-plan';
import { enqueueInvoiceDocuments } from './invoice-documents.job';
import { issueInvoices } from './invoice-issue';
import { addToFeeRun, findFeeCandidates, findFeeRun, findNationalFee, setFeeRunJobs } from './invoices.queries';

/**
 * Issue 17: the fee run's job. Walks the run's clubs (by id) and each club's candidates (by
 * person id) in batches; a batch's invoices and the cursor past it are one transaction, and the
 * unique index (person, club, fee year) makes a repeated batch create nothing, so a resumed or
 * repeated run never makes a second invoice. At the end it queues the PDF job of the run.
 */
export const FEE_RUN_JOB = 'invoice-fee-run';

type Cursor = { clubIndex: number; afterPersonId: string | null; done: number; finished?: boolean };

export function createFeeRunJobHandler(deps: { db: Db; now: () => Date }): JobHandler {
  return {
    kind: FEE_RUN_JOB,
    async run({ job, step }) {
      const { feeRunId } = job.params as { feeRunId: string };
      const found = await findFeeRun(deps.db, { id: feeRunId });
      if (!found) return { created: 0 };
      const run = found.run;
      let cursor: Cursor = (job.cursor as Cursor | null) ?? { clubIndex: 0, afterPersonId: null, done: 0 };
      if (cursor.finished) return { feeRunId };
      const clubIds = await clubIdsOfRun(deps.db, run.clubId);
      const nationalFee = await findNationalFee(deps.db, { year: run.year });
      while (cursor.clubIndex < clubIds.length) {
        const context = await loadClubContext(deps.db, {
          clubId: clubIds[cursor.clubIndex]!,
          year: run.year,
          nationalFee,
        });
        if (!context || isSkip(context)) {
          cursor = { clubIndex: cursor.clubIndex + 1, afterPersonId: null, done: cursor.done };
          continue;
        }
        const current: Cursor = cursor;
        cursor = await step(async (tx) => {
          const batch = await findFeeCandidates(tx, {
            clubId: context.clubId,
            year: run.year,
            afterPersonId: current.afterPersonId,
            limit: CANDIDATE_BATCH,
          });
          const invoices = batch.flatMap((candidate) => {
            const decision = decide(candidate, context, run.year, run.issueDate);
            return 'invoice' in decision
              ? [{ ...decision.invoice, feeRunId: run.id, createdBy: run.createdBy, now: deps.now() }]
              : [];
          });
          const ids = await issueInvoices(tx, invoices);
          const made = invoices.filter((_, i) => ids[i] !== undefined);
          if (made.length) {
            await addToFeeRun(tx, {
              id: run.id,
              count: made.length,
              totalCentimes: made.reduce(
                (sum, inv) => sum + inv.positions.reduce((s, p) => s + p.amountCentimes, 0),
                0,
              ),
            });
          }
          const next: Cursor =
            batch.length < CANDIDATE_BATCH
              ? { clubIndex: current.clubIndex + 1, afterPersonId: null, done: current.done + batch.length }
              : {
                  clubIndex: current.clubIndex,
                  afterPersonId: batch.at(-1)!.personId,
                  done: current.done + batch.length,
                };
          return { value: next, cursor: next, done: next.done };
        });
      }
      // The last unit: queue the PDFs (rendered, then mailed or kept for printing).
      const last = cursor;
      await step(async (tx) => {
        const pdfJobId = await enqueueInvoiceDocuments(tx, {
          ownerPersonId: job.ownerPersonId ?? run.createdBy,
          scope: { feeRunId: run.id },
        });
        await setFeeRunJobs(tx, { id: run.id, pdfJobId });
        const next: Cursor = { ...last, finished: true };
        return { value: undefined, cursor: next, done: last.done, total: last.done };
      });
      return { feeRunId: run.id };
    },
  };
}

/** Queues a fee run's job (in the transaction that writes the run). */
export async function enqueueFeeRun(
  tx: DbOrTx,
  params: { feeRunId: string; ownerPersonId: string; total: number | null },
): Promise<string> {
  const jobId = await enqueueJob(tx, {
    kind: FEE_RUN_JOB,
    ownerPersonId: params.ownerPersonId,
    params: { feeRunId: params.feeRunId },
    total: params.total,
  });
  await setFeeRunJobs(tx, { id: params.feeRunId, jobId });
  return jobId;
}
