import type { ImportJobResult } from '@bpw/domain/schemas/import';
import type { ImportMapping } from '@bpw/domain/import-fields';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../db/client';
import { type AuditEntryParams, writeAuditEntries, writeAuditEntry } from '../../platform/audit';
import { findActor } from '../../platform/auth/actor.queries';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import type { JobHandler } from '../../platform/jobs/job-runner';
import { applyRows } from './import-apply';
import { parseRow } from './import-row';
import { IMPORT_JOB_KIND, clubDirectory, dataRows, mappedColumns, sheetInfoOf } from './imports.service';
import { countRowResults, findAllClubs, findUpload, findUploadContent, insertRowResults } from './imports.queries';

/**
 * The import run (issue 16, docs/decisions/import.md "Batches"): rows in batches of up to
 * `batchRows` rows or `batchMs` milliseconds (100 and 200 by default), each batch one transaction
 * (`applyRows`: its plain new persons written set-based in one savepoint, every other row in a
 * savepoint of its own; a refused row is reported and the batch goes on), the batch's results and audit
 * entries in one statement each, and the job's cursor moved once. A crash undoes the whole batch;
 * the resumed run starts after the last committed batch, so no row is stored twice. The
 * importer's rights are read again when a run (re)starts.
 */
export function createImportJobHandler(deps: {
  db: Db;
  now: () => Date;
  batchRows: number;
  batchMs: number;
}): JobHandler {
  return {
    kind: IMPORT_JOB_KIND,
    run: async ({ job, step }) => {
      const { uploadId } = job.params as { uploadId: string };
      const upload = await findUpload(deps.db, { id: uploadId });
      const content = upload && (await findUploadContent(deps.db, { id: uploadId }));
      if (!upload || !content || !upload.mapping || !job.ownerPersonId) throw new ImportGone();
      const loaded = await findActor(deps.db, {
        personId: job.ownerPersonId,
        today: isoDateInSwitzerland(deps.now()),
      });
      if (!loaded || loaded.isArchived) throw new ImportGone();
      const actor = loaded.actor;
      const clubs = clubDirectory(await findAllClubs(deps.db));
      const columns = mappedColumns(upload.headers, upload.mapping as ImportMapping);
      const after = (job.cursor as { row?: number } | null)?.row ?? 0;
      const rows = dataRows(content, sheetInfoOf(upload))[Symbol.asyncIterator]();
      // Rows a batch left for the next one (its deadline passed).
      const pending: { rowNumber: number; cells: string[] }[] = [];
      const nextRow = async () => {
        if (pending.length > 0) return pending.shift();
        for (;;) {
          const next = await rows.next();
          if (next.done) return undefined;
          if (next.value.rowNumber > after) return next.value;
        }
      };
      let row = await nextRow();
      while (row) {
        const started = performance.now();
        const first: { rowNumber: number; cells: string[] } = row;
        row = await step(async (tx) => {
          const batch = [first];
          while (batch.length < deps.batchRows) {
            const next = await nextRow();
            if (!next) break;
            batch.push(next);
          }
          const now = deps.now();
          const today = isoDateInSwitzerland(now);
          const outcomes = await applyRows(
            tx,
            { actor, now, today, uploadId },
            batch.map((r) => parseRow(r.cells, columns, { today, clubs })),
            { deadline: started + deps.batchMs },
          );
          const results = outcomes.map((outcome, i) => ({ rowNumber: batch[i]!.rowNumber, ...outcome }));
          pending.unshift(...batch.slice(outcomes.length));
          const audit: AuditEntryParams[] = outcomes.flatMap((o) => o.audit);
          await insertRowResults(tx, { uploadId, rows: results });
          await writeAuditEntries(tx, audit);
          const last = results.at(-1)!.rowNumber;
          return { value: await nextRow(), cursor: { row: last }, done: last };
        });
        // Other requests get their turn between batches (one PGlite connection serves them all).
        await nextTurn();
      }
      const counts = await countRowResults(deps.db, { uploadId });
      const result: ImportJobResult = {
        uploadId,
        created: counts.created ?? 0,
        updated: counts.updated ?? 0,
        unchanged: counts.unchanged ?? 0,
        refused: counts.refused ?? 0,
      };
      await writeAuditEntry(deps.db, {
        actorPersonId: actor.personId,
        action: 'updated',
        entity: 'import',
        entityId: uploadId,
        at: deps.now(),
        details: { ...result, finished: true },
      });
      return result;
    },
  };
}

/** The upload or its importer is gone: the job fails (no personal data in the name). */
class ImportGone extends Error {
  constructor() {
    super('import upload or importer gone');
    this.name = 'ImportGone';
  }
}
