import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import type { Actor } from '@bpw/domain/actor';
import { exportScope } from '@bpw/domain/club-scope';
import { ExportFormat, exportFormatEnum } from '@bpw/domain/enums/export-format';
import type { Locale } from '@bpw/domain/enums/language';
import { canExportFormat } from '@bpw/domain/permissions';
import type { ExportQuery } from '@bpw/domain/schemas/export';
import type { SQL } from 'drizzle-orm';
import type { FeatureDeps } from '../../platform/feature-deps';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { AppError, forbidden } from '../../platform/errors';
import { writeWorkbook, writeWorkbookText } from '../../platform/xlsx/write-workbook';
import type { ExportPerson } from './export-columns';
import { type ExportSelection, exportWhere } from './export-filters';
import {
  exportCursorQuery,
  findClubNames,
  insertExportAudit,
  insertExportedPersonIds,
  readExportBatchesById,
  readExportBatchesByCursor,
  updateExportAudit,
} from './export.queries';
import { readBatches } from './export-batches';
import { exportSheet } from './export-sheet';
import { type ExportSheetChunk, connectionOf, readSheetChunks } from './export-thread';
import { refuseAdminOnlyFilters } from '../persons/person-list.service';

type Deps = Pick<FeatureDeps, 'db' | 'database' | 'now' | 'config'> & {
  log?: { warn: (obj: object, msg: string) => void };
};
/**
 * Persons per read. A cursor's fetch is cheap; 500 a fetch with two read ahead
 * (export-batches.ts) keep the cursor busy and the peak memory growth of a million-row export
 * at 140 to 190 MB (2,000 a fetch: about 210). A keyset batch is a statement that waits its
 * turn behind every other request on PGlite's one connection, so fewer, larger ones.
 */
export const EXPORT_BATCH_SIZE = { cursor: 500, byId: 2000 } as const;

/**
 * A cursor holds a connection until the last batch is read, which a slow download stretches:
 * beyond this many at once, exports read by id in short statements instead.
 */
const MAX_CURSOR_EXPORTS = 2;
let cursorExports = 0;

type ExportRead = { where: SQL | undefined; today: string; withLists: boolean };

/**
 * How an export reads (docs/decisions/export.md "Reading"): on PostgreSQL, while fewer than
 * MAX_CURSOR_EXPORTS hold a cursor, through a cursor on a thread of its own that also writes
 * the sheet text (`thread`; on the API's thread with EXPORT_THREAD=0: `cursor`); else, and on
 * PGlite, by id in short statements on the API's connections. A cursor's place is taken here,
 * when the export starts, and given back when its file is done or broken off (`release`).
 */
function takeReading(deps: Deps): { reading: 'thread' | 'cursor' | 'byId'; release: () => void } {
  if (!deps.database.pool || cursorExports >= MAX_CURSOR_EXPORTS) return { reading: 'byId', release: () => undefined };
  cursorExports++;
  let isReleased = false;
  const release = () => {
    if (!isReleased) cursorExports--;
    isReleased = true;
  };
  return { reading: deps.config.exportThread ? 'thread' : 'cursor', release };
}

function batchesOf(deps: Deps, reading: 'cursor' | 'byId', read: ExportRead) {
  if (reading === 'byId') return readExportBatchesById(deps.db, { ...read, batchSize: EXPORT_BATCH_SIZE.byId });
  return readExportBatchesByCursor(deps.database.pool!, {
    query: exportCursorQuery(read),
    batchSize: EXPORT_BATCH_SIZE.cursor,
    statementTimeoutMs: deps.config.longStatementTimeoutMs,
  });
}

/** Spec 01 §6 "Dashboard and Export visibility", "Export limits"; §2 admin-only filters. */
function authorize(actor: Actor, query: ExportQuery) {
  const scope = exportScope(actor, query.Clubs);
  if (!scope) throw forbidden();
  if (!canExportFormat(actor, query.OutputFormat)) throw new AppError('Forbidden', ['error.exportFormatNotAllowed']);
  refuseAdminOnlyFilters(actor, {
    PersonOptions: { kind: 'personListFilters', values: query.PersonOptions },
    BpwCourier: { kind: 'courier', values: query.BpwCourier },
  });
  return scope;
}

/**
 * GET export: authorises (so refusals are problem+json), then answers the file name and a
 * stream the xlsx is written into batch by batch. The audit entry is written when the file is
 * done (or the download was broken off), with the selection and the row count.
 */
export function startExport(
  deps: Deps,
  actor: Actor,
  locale: Locale,
  query: ExportQuery,
): { fileName: string; stream: Readable } {
  const scope = authorize(actor, query);
  const today = isoDateInSwitzerland(deps.now());
  const isMainData = query.OutputFormat === ExportFormat.onlyMainData;
  const selection: ExportSelection = {
    scope,
    // Spec 01 §5: with onlyMainData the person selection does not apply.
    personOptions: isMainData ? [] : query.PersonOptions,
    mentoringTypes: isMainData ? [] : query.PersonMentoringTypes,
    languageCodes: query.LanguageCodes,
    bpwCourier: query.BpwCourier,
    isEmailRequired: query.OutputFormat === ExportFormat.emailList,
    today,
  };
  const sheet = exportSheet(query.OutputFormat, locale, actor);
  const stream = new PassThrough();
  const read: ExportRead = {
    where: exportWhere(selection),
    today,
    withLists: query.OutputFormat === ExportFormat.allData,
  };
  let rowCount = 0;
  let isComplete = false;
  const auditDetails = () => ({
    outputFormat: query.OutputFormat,
    personOptions: selection.personOptions,
    clubIds: scope.isAllClubs ? 'all' : scope.clubIds,
    languageCodes: query.LanguageCodes,
    bpwCourier: query.BpwCourier,
    rowCount,
    isComplete,
  });
  // The entry exists before the first row is read, and each batch's person ids are recorded
  // before its rows are written: no export, even one cut short by a crash, goes unrecorded.
  const auditEntryId = randomUUID();
  const auditWritten = insertExportAudit(deps.db, {
    id: auditEntryId,
    actorPersonId: actor.personId,
    details: auditDetails(),
  });
  auditWritten.catch(() => undefined);
  let batchNumber = 0;
  const record = (personIds: string[]) =>
    insertExportedPersonIds(deps.db, { auditEntryId, batchNumber: batchNumber++, personIds });
  const { reading, release } = takeReading(deps);
  const written =
    reading === 'thread'
      ? writeWorkbookText({
          output: stream,
          sheet: sheet.spec,
          chunks: recordedChunks(
            readSheetChunks(async () => {
              const [, clubNames] = await Promise.all([auditWritten, findClubNames(deps.db)]);
              return {
                connection: connectionOf(deps.database.pool!),
                query: exportCursorQuery(read),
                batchSize: EXPORT_BATCH_SIZE.cursor,
                statementTimeoutMs: deps.config.longStatementTimeoutMs,
                format: query.OutputFormat,
                locale,
                actor,
                clubNames: [...clubNames],
              };
            }),
            record,
            (chunk) => (rowCount += chunk.rowCount),
          ),
        })
      : writeWorkbook<ExportPerson>({
          output: stream,
          sheet: sheet.spec,
          batches: (async function* () {
            for await (const batch of readBatches({
              source: (async function* () {
                await auditWritten;
                yield* batchesOf(deps, reading, read);
              })(),
              record: (batch) => record(batch.map((person) => person.id)),
              clubNames: () => findClubNames(deps.db),
            })) {
              rowCount += batch.length;
              yield batch;
            }
          })(),
          toRow: sheet.toRow,
        });
  written
    .then(() => {
      isComplete = true;
    })
    .catch((error: unknown) => {
      deps.log?.warn({ err: error }, 'export failed');
      stream.destroy(error instanceof Error ? error : new Error('export failed'));
    })
    .finally(() => {
      // The cursor and its thread are over: the file is written only after the last batch was read.
      release();
      return auditWritten
        .then(() => updateExportAudit(deps.db, { id: auditEntryId, details: auditDetails() }))
        .catch(() => undefined);
    });
  const format = exportFormatEnum.nameOf(query.OutputFormat);
  return { fileName: `export-${format}-${today}.xlsx`, stream };
}

/**
 * The chunks of the export's thread, each handed on once its person ids are recorded (the
 * audit trail); the thread builds the next ones meanwhile.
 */
async function* recordedChunks(
  chunks: AsyncGenerator<ExportSheetChunk>,
  record: (personIds: string[]) => Promise<void>,
  onChunk: (chunk: ExportSheetChunk) => void,
): AsyncGenerator<ExportSheetChunk> {
  for await (const chunk of chunks) {
    await record(chunk.personIds);
    onChunk(chunk);
    yield chunk;
  }
}
