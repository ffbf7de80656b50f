import type { Actor } from '@bpw/domain/actor';
import { MAILING_ATTACHMENTS_MAX_BYTES, type MailingAttachmentInfo } from '@bpw/domain/schemas/mailing';
import { AppError, conflict, notFound } from '../../platform/errors';
import type { FeatureDeps } from '../../platform/feature-deps';
import { deleteStoredFiles, findStoredVariant, insertStoredFile } from '../../platform/stored-files';
import { requireMailing } from './mailing-access';
import { deleteAttachment, findAttachments, insertAttachment, lockMailing } from './mailings.queries';

type Deps = Pick<FeatureDeps, 'db' | 'now'>;

export const tooLarge = () => new AppError('PayloadTooLarge', ['error.mailingAttachmentsTooLarge']);
const wrongType = () => new AppError('UnsupportedMediaType', ['error.mailingAttachmentType']);

const startsWith = (data: Buffer, bytes: number[] | string, offset = 0) => {
  const expected = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return data.length >= offset + expected.length && data.subarray(offset, offset + expected.length).equals(expected);
};

const officeTypes: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/**
 * The file's type by its content (DESIGN: never by its name alone): PDF, PNG, JPEG, GIF, WebP;
 * an Office file is a ZIP named .docx/.xlsx/.pptx; text and CSV are UTF-8 without NUL named
 * .txt/.csv. Anything else: undefined (415).
 */
export function attachmentType(data: Buffer, filename: string): string | undefined {
  const extension = /\.([a-z0-9]{1,5})$/i.exec(filename)?.[1]?.toLowerCase() ?? '';
  if (startsWith(data, '%PDF-')) return 'application/pdf';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, 'GIF87a') || startsWith(data, 'GIF89a')) return 'image/gif';
  if (startsWith(data, 'RIFF') && startsWith(data, 'WEBP', 8)) return 'image/webp';
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04]) && officeTypes[extension]) return officeTypes[extension];
  if ((extension === 'txt' || extension === 'csv') && !data.includes(0)) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(data);
      return extension === 'csv' ? 'text/csv' : 'text/plain';
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The name as shown to recipients: no path, no control characters, at most 200 characters. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((ch) => ch.charCodeAt(0) > 0x1f && ch !== '\u007f' && ch !== '"')
    .join('')
    .trim()
    .slice(-200);
  return clean || 'attachment';
}

export async function addAttachment(
  deps: Deps,
  actor: Actor,
  id: string,
  file: { data: Buffer; filename: string },
): Promise<MailingAttachmentInfo> {
  await requireMailing(deps.db, actor, id);
  const filename = cleanFilename(file.filename);
  const contentType = attachmentType(file.data, filename);
  if (!contentType) throw wrongType();
  return deps.db.transaction(async (tx) => {
    // The row lock: two uploads at once cannot pass the sum together.
    const locked = await lockMailing(tx, { id });
    if (!locked) throw notFound();
    if (locked.state !== 'draft') throw conflict('error.mailingNotDraft');
    const existing = await findAttachments(tx, { mailingId: id });
    const sum = existing.reduce((total, a) => total + a.byteSize, 0);
    if (sum + file.data.length > MAILING_ATTACHMENTS_MAX_BYTES) throw tooLarge();
    const storedFileId = await insertStoredFile(tx, {
      kind: 'mailing_attachment',
      mimeType: contentType,
      data: file.data,
    });
    const row = await insertAttachment(tx, {
      mailingId: id,
      storedFileId,
      filename,
      contentType,
      byteSize: file.data.length,
      createdAt: deps.now(),
    });
    return { id: row.id, filename: row.filename, contentType: row.contentType, byteSize: row.byteSize };
  });
}

export async function removeAttachment(deps: Deps, actor: Actor, id: string, attachmentId: string) {
  await requireMailing(deps.db, actor, id);
  await deps.db.transaction(async (tx) => {
    const locked = await lockMailing(tx, { id });
    if (locked?.state !== 'draft') throw conflict('error.mailingNotDraft');
    const deleted = await deleteAttachment(tx, { mailingId: id, id: attachmentId });
    if (!deleted) throw notFound();
    await deleteStoredFiles(tx, { ids: [deleted.storedFileId] });
  });
}

export async function readAttachment(deps: Deps, actor: Actor, id: string, attachmentId: string) {
  await requireMailing(deps.db, actor, id);
  const attachment = (await findAttachments(deps.db, { mailingId: id })).find((a) => a.id === attachmentId);
  if (!attachment) throw notFound();
  const stored = await findStoredVariant(deps.db, { fileId: attachment.storedFileId, variant: 'orig' });
  if (!stored) throw notFound();
  return { data: stored.data, filename: attachment.filename, contentType: attachment.contentType };
}
