import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import type { Actor } from '@bpw/domain/actor';
import { exportScope } from '@bpw/domain/club-scope';
import { ExportFormat, exportFormatEnum } from '@bpw/domain/enums/export-format';
import type { Locale } from '@bpw/domain/enums/language';
import { canExportFormat, hideManagerFields, managerOnlyPersonFields } from '@bpw/domain/permissions';
import type { ExportQuery } from '@bpw/domain/schemas/export';
import type { FeatureDeps } from '../../platform/feature-deps';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { AppError, forbidden } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { writeWorkbook } from '../../platform/xlsx/write-workbook';
import { type ExportPerson, columnsFor } from './export-columns';
import { type ExportSelection, exportWhere } from './export-filters';
import {
  findClubNames,
  insertExportAudit,
  insertExportedPersonIds,
  readExportBatchesById,
  readExportBatchesByCursor,
  updateExportAudit,
} from './export.queries';
import { readBatches } from './export-batches';
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
 * A cursor holds a pooled connection until the last batch is read, which a slow download
 * stretches: beyond this many at once, exports read by id in short statements instead.
 */
const MAX_CURSOR_EXPORTS = 2;
let cursorExports = 0;

async function* exportSource(deps: Deps, read: Omit<Parameters<typeof readExportBatchesById>[1], 'batchSize'>) {
  const { pool } = deps.database;
  if (!pool || cursorExports >= MAX_CURSOR_EXPORTS) {
    yield* readExportBatchesById(deps.db, { ...read, batchSize: EXPORT_BATCH_SIZE.byId });
    return;
  }
  cursorExports++;
  try {
    yield* readExportBatchesByCursor(pool, {
      ...read,
      batchSize: EXPORT_BATCH_SIZE.cursor,
      statementTimeoutMs: deps.config.longStatementTimeoutMs,
    });
  } finally {
    cursorExports--;
  }
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
 * A row's scope for the person rules, from what the row already holds (no query per person):
 * her primary club and the clubs of her relations active today, as `findPersonAccess` has them.
 */
const exportedPersonScope = (person: ExportPerson) => ({
  id: person.id,
  primaryClubId: person.primaryClubId,
  clubIds: (person.relations ?? []).map(([clubId]) => clubId),
});

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
  const columns = columnsFor(query.OutputFormat, locale).map((column) => ({
    header: translate(locale, `export.column.${column.key}`),
    column,
  }));
  const where = exportWhere(selection);
  // Each person carries what her page shows the exporter (docs/decisions/export-visibility.md).
  const hidesFields = columns.some(({ column }) => (managerOnlyPersonFields as readonly string[]).includes(column.key));
  const stream = new PassThrough();
  const withLists = query.OutputFormat === ExportFormat.allData;
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
  const batches = readBatches({
    source: (async function* () {
      await auditWritten;
      yield* exportSource(deps, { where, today, withLists });
    })(),
    record: (batch) =>
      insertExportedPersonIds(deps.db, {
        auditEntryId,
        batchNumber: batchNumber++,
        personIds: batch.map((person) => person.id),
      }),
    clubNames: () => findClubNames(deps.db),
  });
  writeWorkbook<ExportPerson>({
    output: stream,
    sheet: {
      name: translate(locale, 'export.sheet'),
      columns: columns.map(({ header, column }) => ({ header, width: column.width })),
    },
    batches: (async function* () {
      for await (const batch of batches) {
        rowCount += batch.length;
        if (hidesFields) for (const person of batch) hideManagerFields(actor, exportedPersonScope(person), person);
        yield batch;
      }
    })(),
    toRow: (person) => columns.map(({ column }) => column.value(person)),
  })
    .then(() => {
      isComplete = true;
    })
    .catch((error: unknown) => {
      deps.log?.warn({ err: error }, 'export failed');
      stream.destroy(error instanceof Error ? error : new Error('export failed'));
    })
    .finally(() =>
      auditWritten
        .then(() => updateExportAudit(deps.db, { id: auditEntryId, details: auditDetails() }))
        .catch(() => undefined),
    );
  const format = exportFormatEnum.nameOf(query.OutputFormat);
  return { fileName: `export-${format}-${today}.xlsx`, stream };
}
