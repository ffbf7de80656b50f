import type { Locale } from '@bpw/domain/enums/language';
import {
  type ImportMapping,
  fieldMappedTwice,
  headerKey,
  importFieldLabelKey,
  proposeMapping,
} from '@bpw/domain/import-fields';
import { type Actor, canImportPersons, canManageClubRelationsOf } from '@bpw/domain/permissions';
import type { ImportPreview, ImportUpload } from '@bpw/domain/schemas/import';
import type { Db } from '../../db/client';
import { writeAuditEntry } from '../../platform/audit';
import { isoDateInSwitzerland } from '../../platform/auth/today';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import type { FeatureDeps } from '../../platform/feature-deps';
import { translate } from '../../platform/i18n';
import { enqueueJob } from '../../platform/jobs/job-queue';
import { applyRows } from './import-apply';
import { emptyFile, readRows, type SheetInfo, sniffFile } from './import-file';
import { importHeaderNames } from './import-names';
import { type ClubDirectory, clubKey, type MappedColumn, parseRow } from './import-row';
import { displayValues } from './import-values';
import {
  findAllClubs,
  findSavedMapping,
  findUpload,
  findUploadContent,
  insertUpload,
  saveMapping,
  startUploadRun,
} from './imports.queries';

export type ImportsDeps = Pick<FeatureDeps, 'db' | 'now' | 'jobs'>;
export const IMPORT_JOB_KIND = 'import';
const PREVIEW_ROWS = 20;

/** Who imports (issue 16): admins for any club, club managers for the clubs they manage. */
export async function authorizeImport(actor: Actor): Promise<void> {
  if (!canImportPersons(actor)) throw forbidden();
}

type UploadRow = NonNullable<Awaited<ReturnType<typeof findUpload>>>;
export const sheetInfoOf = (upload: Pick<UploadRow, 'format' | 'encoding' | 'delimiter'>): SheetInfo => ({
  format: upload.format as SheetInfo['format'],
  encoding: upload.encoding as SheetInfo['encoding'],
  delimiter: upload.delimiter as SheetInfo['delimiter'],
});

/** The data rows of a file, numbered from 1 (the header row is not counted). */
export async function* dataRows(
  bytes: Buffer,
  info: SheetInfo,
): AsyncGenerator<{ rowNumber: number; cells: string[] }> {
  let rowNumber = -1;
  for await (const cells of readRows(bytes, info)) {
    rowNumber++;
    if (rowNumber > 0) yield { rowNumber, cells };
  }
}

export const clubDirectory = (clubs: { id: string; name: string }[]): ClubDirectory =>
  new Map(clubs.map((club) => [clubKey(club.name), club]));

export const mappedColumns = (headers: readonly string[], mapping: ImportMapping): MappedColumn[] =>
  Object.entries(mapping).map(([index, field]) => ({
    index: Number(index),
    header: headers[Number(index)] ?? '',
    field,
  }));

/**
 * POST imports: reads the whole file once (format, encoding, separator, rows; formulas and
 * overlong lines refuse it) and keeps it for the next steps. Nothing else is stored.
 */
export async function uploadImport(
  deps: ImportsDeps,
  actor: Actor,
  file: { bytes: Buffer; fileName: string },
): Promise<ImportUpload> {
  await authorizeImport(actor);
  const info = sniffFile(file.bytes);
  let headers: string[] | undefined;
  let rowCount = 0;
  for await (const cells of readRows(file.bytes, info)) {
    if (headers === undefined) headers = cells.map((h) => h.trim());
    else rowCount++;
  }
  if (!headers || rowCount === 0) throw emptyFile();
  const id = await insertUpload(deps.db, {
    ownerPersonId: actor.personId,
    fileName: file.fileName.slice(0, 200),
    format: info.format,
    encoding: info.encoding,
    delimiter: info.delimiter,
    headers,
    rowCount,
    content: file.bytes,
  });
  return getImport(deps, actor, id);
}

async function requireOwnUpload(deps: Pick<ImportsDeps, 'db'>, actor: Actor, id: string): Promise<UploadRow> {
  const upload = await findUpload(deps.db, { id });
  if (!upload || !(actor.isAdmin || upload.ownerPersonId === actor.personId)) throw notFound();
  return upload;
}

/** GET imports/{id}: the upload with the mapping to propose (the run's, a saved one, or from the headers). */
export async function getImport(deps: ImportsDeps, actor: Actor, id: string): Promise<ImportUpload> {
  await authorizeImport(actor);
  const upload = await requireOwnUpload(deps, actor, id);
  const saved =
    upload.mapping ??
    (await findSavedMapping(deps.db, { ownerPersonId: actor.personId, headerKey: headerKey(upload.headers) }));
  return {
    id: upload.id,
    fileName: upload.fileName,
    format: upload.format as ImportUpload['format'],
    encoding: upload.encoding,
    delimiter: upload.delimiter,
    headers: upload.headers,
    rowCount: upload.rowCount,
    mapping: (saved as ImportMapping | undefined) ?? proposeMapping(upload.headers, importHeaderNames),
    isMappingSaved: saved !== undefined,
    jobId: upload.jobId,
  };
}

function checkMapping(upload: UploadRow, mapping: ImportMapping, locale: Locale) {
  if (Object.keys(mapping).some((index) => Number(index) >= upload.headers.length)) {
    throw badRequest({ key: 'validation.invalid', params: { field: 'mapping' } });
  }
  const twice = fieldMappedTwice(mapping);
  if (twice)
    throw badRequest({
      key: 'import.error.mappedTwice',
      params: { field: translate(locale, importFieldLabelKey(twice)) },
    });
}

class PreviewDone extends Error {}

/**
 * POST imports/{id}/preview: the first rows run through exactly the code of the run, in a
 * transaction that is rolled back: per row created, updated, unchanged or refused and why.
 */
export async function previewImport(
  deps: ImportsDeps,
  actor: Actor,
  params: { id: string; mapping: ImportMapping; locale: Locale },
): Promise<ImportPreview> {
  await authorizeImport(actor);
  const upload = await requireOwnUpload(deps, actor, params.id);
  checkMapping(upload, params.mapping, params.locale);
  const content = (await findUploadContent(deps.db, { id: upload.id }))!;
  const columns = mappedColumns(upload.headers, params.mapping);
  const clubs = clubDirectory(await findAllClubs(deps.db));
  const now = deps.now();
  const today = isoDateInSwitzerland(now);
  const rows: { rowNumber: number; cells: string[] }[] = [];
  for await (const row of dataRows(content, sheetInfoOf(upload))) {
    rows.push(row);
    if (rows.length >= PREVIEW_ROWS) break;
  }
  const items: ImportPreview['items'] = [];
  try {
    await deps.db.transaction(async (tx) => {
      const parsed = rows.map(({ cells }) => parseRow(cells, columns, { today, clubs }));
      const outcomes = await applyRows(tx, { actor, now, today, uploadId: upload.id }, parsed);
      outcomes.forEach((outcome, i) =>
        items.push({
          rowNumber: rows[i]!.rowNumber,
          outcome: outcome.outcome,
          reasons: outcome.reasons.map((m) => translate(params.locale, m.key, m.params)),
          values: displayValues(parsed[i]!, params.locale) as Record<string, string>,
        }),
      );
      throw new PreviewDone();
    });
  } catch (error) {
    if (!(error instanceof PreviewDone)) throw error;
  }
  return { items, total: upload.rowCount };
}

/** A club manager's file names only clubs she manages (else nothing is stored); rows need a club. */
async function checkClubs(db: Db, actor: Actor, upload: UploadRow, mapping: ImportMapping, content: Buffer) {
  if (actor.isAdmin) return;
  const clubColumn = Object.entries(mapping).find(([, field]) => field === 'club')?.[0];
  if (clubColumn === undefined) throw badRequest('import.error.membershipRequired');
  const clubs = clubDirectory(await findAllClubs(db));
  const checked = new Set<string>();
  for await (const { cells } of dataRows(content, sheetInfoOf(upload))) {
    const name = (cells[Number(clubColumn)] ?? '').trim();
    const key = clubKey(name);
    if (!name || checked.has(key)) continue;
    checked.add(key);
    const club = clubs.get(key);
    if (club && !canManageClubRelationsOf(actor, club.id))
      throw badRequest({ key: 'import.error.unmanagedClub', params: { club: club.name } });
  }
}

/**
 * POST imports/{id}/run: checks the mapping and the clubs, saves the mapping for the next file
 * with these headers and starts the job (docs/decisions/import.md). Once per upload.
 */
export async function runImport(
  deps: ImportsDeps,
  actor: Actor,
  params: { id: string; mapping: ImportMapping; locale: Locale },
): Promise<{ jobId: string }> {
  await authorizeImport(actor);
  const upload = await requireOwnUpload(deps, actor, params.id);
  if (upload.jobId) throw conflict('import.error.alreadyRun');
  checkMapping(upload, params.mapping, params.locale);
  const content = (await findUploadContent(deps.db, { id: upload.id }))!;
  await checkClubs(deps.db, actor, upload, params.mapping, content);
  const now = deps.now();
  const jobId = await deps.db.transaction(async (tx) => {
    const id = await enqueueJob(tx, {
      kind: IMPORT_JOB_KIND,
      ownerPersonId: actor.personId,
      params: { uploadId: upload.id },
      total: upload.rowCount,
    });
    if (!(await startUploadRun(tx, { id: upload.id, jobId: id, mapping: params.mapping }))) {
      throw conflict('import.error.alreadyRun');
    }
    await saveMapping(tx, {
      ownerPersonId: actor.personId,
      headerKey: headerKey(upload.headers),
      mapping: params.mapping,
      now,
    });
    await writeAuditEntry(tx, {
      actorPersonId: actor.personId,
      action: 'created',
      entity: 'import',
      entityId: upload.id,
      at: now,
      details: { rows: upload.rowCount, format: upload.format, jobId: id },
    });
    return id;
  });
  deps.jobs.kick();
  return { jobId };
}

/** Reads the upload for the result download (owner or admin). */
export async function requireImportForResult(deps: ImportsDeps, actor: Actor, id: string) {
  await authorizeImport(actor);
  const upload = await requireOwnUpload(deps, actor, id);
  const content = (await findUploadContent(deps.db, { id: upload.id }))!;
  return { upload, content };
}
