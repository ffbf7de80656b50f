import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { storedFiles, storedFileVariants } from '../db/schema/files';
import type { ProcessedImage } from './images';

/**
 * Stored images (stored_files + stored_file_variants, bytea). A file is never changed: a new
 * upload is a new id, so a URL that carries the id can be cached for good.
 */

/** Inserts the file and its variants; call inside the transaction that references it. */
export async function insertStoredImage(tx: DbOrTx, image: ProcessedImage): Promise<string> {
  const byteSize = image.variants.reduce((sum, v) => sum + v.data.length, 0);
  const [file] = await tx
    .insert(storedFiles)
    .values({
      kind: image.kind,
      mimeType: image.variants[0]?.mimeType ?? 'application/octet-stream',
      byteSize,
      width: image.width,
      height: image.height,
    })
    .returning({ id: storedFiles.id });
  const fileId = file!.id;
  await tx
    .insert(storedFileVariants)
    .values(
      image.variants.map((v) => ({ fileId, variant: v.variant, mimeType: v.mimeType, data: new Uint8Array(v.data) })),
    );
  return fileId;
}

/** Deletes files with their variants (cascade); references to them are set null by the schema. */
export async function deleteStoredFiles(tx: DbOrTx, params: { ids: ReadonlyArray<string | null | undefined> }) {
  const ids = params.ids.filter((id): id is string => typeof id === 'string');
  if (ids.length === 0) return;
  await tx.delete(storedFiles).where(inArray(storedFiles.id, ids));
}

/** One variant's bytes, or undefined when the file or the variant does not exist. */
export async function findStoredVariant(db: DbOrTx, params: { fileId: string; variant: string }) {
  const [row] = await db
    .select({ mimeType: storedFileVariants.mimeType, data: storedFileVariants.data })
    .from(storedFileVariants)
    .where(and(eq(storedFileVariants.fileId, params.fileId), eq(storedFileVariants.variant, params.variant)));
  return row
    ? { mimeType: row.mimeType, data: Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength) }
    : undefined;
}

/**
 * Inserts a file that is kept as it came (one variant `orig`): a mailing's attachment (issue 18).
 * Call inside the transaction that references it.
 */
export async function insertStoredFile(
  tx: DbOrTx,
  file: { kind: 'mailing_attachment'; mimeType: string; data: Buffer },
): Promise<string> {
  const [row] = await tx
    .insert(storedFiles)
    .values({ kind: file.kind, mimeType: file.mimeType, byteSize: file.data.length })
    .returning({ id: storedFiles.id });
  await tx
    .insert(storedFileVariants)
    .values({ fileId: row!.id, variant: 'orig', mimeType: file.mimeType, data: new Uint8Array(file.data) });
  return row!.id;
}
