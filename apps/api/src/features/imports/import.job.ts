import type { ImportJobResult } from '@bpw/domain/schemas/import';
import type { ImportMapping } from '@bpw/domain/import-fields';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../db/client';
import { writeAuditEntry } from '../../platform/audit';
import { findActor } from '../../platform/auth/actor.queries';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import type { JobHandler } from '../../platform/jobs/job-runner';
import { applyRow } from './import-apply';
import { parseRow } from './import-row';
import { IMPORT_JOB_KIND, clubDirectory, dataRows, mappedColumns, sheetInfoOf } from './imports.service';
import { countRowResults, findAllClubs, findUpload, findUploadContent, insertRowResult } from './imports.queries';

/**
 * The import run (issue 16): row after row, each in its own transaction together with its result
 * and the job's cursor, so a run resumed after a crash starts after the last stored row and
 * never stores a row twice. The importer's rights are read again when a run (re)starts.
 */
export function createImportJobHandler(deps: { db: Db; now: () => Date }): JobHandler {
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
      for await (const { rowNumber, cells } of dataRows(content, sheetInfoOf(upload))) {
        if (rowNumber <= after) continue;
        const now = deps.now();
        const today = isoDateInSwitzerland(now);
        await step(async (tx) => {
          const outcome = await applyRow(
            tx,
            { actor, now, today, uploadId },
            parseRow(cells, columns, { today, clubs }),
          );
          await insertRowResult(tx, { uploadId, rowNumber, ...outcome });
          return { value: undefined, cursor: { row: rowNumber }, done: rowNumber };
        });
        // Other requests get their turn between rows (one PGlite connection serves them all).
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
