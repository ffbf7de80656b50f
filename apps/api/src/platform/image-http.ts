import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** The HTTP side of the image platform: reading one uploaded file, answering a stored variant. */

const tooLarge = () => new AppError('PayloadTooLarge', [{ key: 'error.imageTooLarge', params: { max: 10 } }]);
const fileRequired = (field: string) => new AppError('BadRequest', [{ key: 'validation.required', params: { field } }]);

/**
 * The multipart parser fails with a plain Error on a body that ends before its closing boundary
 * (a broken-off upload): the client's fault, a 400. Fastify's own errors keep their codes.
 */
function asClientError(error: unknown): never {
  const isKnown = error instanceof AppError || (typeof error === 'object' && error !== null && 'code' in error);
  if (isKnown) throw error;
  throw new AppError('BadRequest', ['error.uploadIncomplete']);
}

const isFileTooLargeError = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * The bytes of the multipart file field `field` (spec 01 §7: `Avatar`, `CompetenceLogo`). The
 * multipart limit of app.ts (10 MB) cuts a larger file short: that is a 413, never a partial
 * image. The declared name and content type are ignored; the content is checked afterwards.
 */
export async function readUploadedFile(request: FastifyRequest, field: string): Promise<Buffer> {
  // Throws for a request that is not multipart/form-data: 415 by the problem handler.
  const part = await request.file().catch(asClientError);
  if (!part) throw fileRequired(field);
  if (part.fieldname !== field) {
    part.file.resume();
    throw fileRequired(field);
  }
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (error) {
    if (isFileTooLargeError(error)) throw tooLarge();
    return asClientError(error);
  }
  if (part.file.truncated) throw tooLarge();
  if (data.length === 0) throw fileRequired(field);
  return data;
}

export type StoredImageAnswer = {
  data: Buffer;
  mimeType: string;
  /** A strong validator: stored variants never change, so file id + variant names the bytes. */
  etag: string;
  /** True when the URL names the current file, so the answer may be cached for good. */
  isImmutable: boolean;
};

/** Answers an image with its ETag and caching headers; 304 when the client has these bytes. */
export function sendStoredImage(request: FastifyRequest, reply: FastifyReply, image: StoredImageAnswer) {
  const etag = `"${image.etag}"`;
  reply
    .header('ETag', etag)
    .header('Cache-Control', image.isImmutable ? 'private, max-age=31536000, immutable' : 'no-cache')
    .header('X-Content-Type-Options', 'nosniff');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  return reply.type(image.mimeType).send(image.data);
}
