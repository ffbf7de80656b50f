import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clubs } from '../../db/schema/clubs';
import { importMappings, importRowResults, importUploads } from '../../db/schema/imports';
import type { Message } from '../../platform/errors';

export async function insertUpload(
  db: DbOrTx,
  params: {
    ownerPersonId: string;
    fileName: string;
    format: string;
    encoding: string | null;
    delimiter: string | null;
    headers: string[];
    rowCount: number;
    content: Buffer;
  },
): Promise<string> {
  const [row] = await db.insert(importUploads).values(params).returning({ id: importUploads.id });
  return row!.id;
}

/** An upload without its bytes. */
export async function findUpload(db: DbOrTx, params: { id: string }) {
  const [row] = await db
    .select({
      id: importUploads.id,
      ownerPersonId: importUploads.ownerPersonId,
      fileName: importUploads.fileName,
      format: importUploads.format,
      encoding: importUploads.encoding,
      delimiter: importUploads.delimiter,
      headers: importUploads.headers,
      rowCount: importUploads.rowCount,
      mapping: importUploads.mapping,
      jobId: importUploads.jobId,
    })
    .from(importUploads)
    .where(eq(importUploads.id, params.id));
  return row;
}

export async function findUploadContent(db: DbOrTx, params: { id: string }): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ content: importUploads.content })
    .from(importUploads)
    .where(eq(importUploads.id, params.id));
  return row ? Buffer.from(row.content) : undefined;
}

/** Marks the upload as run, once: false when a run was started already (two clicks, two tabs). */
export async function startUploadRun(
  tx: DbOrTx,
  params: { id: string; jobId: string; mapping: Record<string, string> },
): Promise<boolean> {
  const rows = await tx
    .update(importUploads)
    .set({ jobId: params.jobId, mapping: params.mapping })
    .where(and(eq(importUploads.id, params.id), sql`${importUploads.jobId} is null`))
    .returning({ id: importUploads.id });
  return rows.length === 1;
}

export async function findSavedMapping(db: DbOrTx, params: { ownerPersonId: string; headerKey: string }) {
  const [row] = await db
    .select({ mapping: importMappings.mapping })
    .from(importMappings)
    .where(and(eq(importMappings.ownerPersonId, params.ownerPersonId), eq(importMappings.headerKey, params.headerKey)));
  return row?.mapping;
}

export async function saveMapping(
  db: DbOrTx,
  params: { ownerPersonId: string; headerKey: string; mapping: Record<string, string>; now: Date },
) {
  await db
    .insert(importMappings)
    .values({ ...params, updatedAt: params.now })
    .onConflictDoUpdate({
      target: [importMappings.ownerPersonId, importMappings.headerKey],
      set: { mapping: params.mapping, updatedAt: params.now },
    });
}

/** Every club by name (a few hundred at most), to find a row's club. */
export async function findAllClubs(db: DbOrTx) {
  return db.select({ id: clubs.id, name: clubs.name }).from(clubs).orderBy(asc(clubs.name)).limit(10_000);
}

/** The results of a batch of rows in one statement. */
export async function insertRowResults(
  tx: DbOrTx,
  params: {
    uploadId: string;
    rows: readonly { rowNumber: number; outcome: string; reasons: Message[]; personId: string | null }[];
  },
) {
  if (params.rows.length === 0) return;
  await tx.insert(importRowResults).values(
    params.rows.map((row) => ({
      uploadId: params.uploadId,
      rowNumber: row.rowNumber,
      outcome: row.outcome,
      reasons: row.reasons.length > 0 ? row.reasons : null,
      personId: row.personId,
    })),
  );
}

/** The counts of a run, by outcome (its result, also after a resume). */
export async function countRowResults(db: DbOrTx, params: { uploadId: string }) {
  const rows = await db
    .select({ outcome: importRowResults.outcome, count: sql<number>`count(*)::int` })
    .from(importRowResults)
    .where(eq(importRowResults.uploadId, params.uploadId))
    .groupBy(importRowResults.outcome);
  return Object.fromEntries(rows.map((r) => [r.outcome, Number(r.count)])) as Record<string, number>;
}

/** The results of rows `from` to `to` (the download reads them alongside the file). */
export async function findRowResults(db: DbOrTx, params: { uploadId: string; from: number; to: number }) {
  return db
    .select({
      rowNumber: importRowResults.rowNumber,
      outcome: importRowResults.outcome,
      reasons: importRowResults.reasons,
    })
    .from(importRowResults)
    .where(
      and(eq(importRowResults.uploadId, params.uploadId), between(importRowResults.rowNumber, params.from, params.to)),
    )
    .orderBy(asc(importRowResults.rowNumber));
}
