import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { readUploadedFile } from './image-http';

/** The branches of readUploadedFile that app.inject cannot reach with the app's multipart options. */
const requestWith = (part: object | undefined) => ({ file: async () => part }) as unknown as FastifyRequest;
const part = (overrides: object = {}) => ({
  fieldname: 'Avatar',
  file: { truncated: false, resume: () => undefined },
  toBuffer: async () => Buffer.from('bytes'),
  ...overrides,
});
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (e: unknown) => (e instanceof AppError ? `${e.code} ${e.messages[0]?.key}` : String(e)),
  );

describe('readUploadedFile', () => {
  it('answers the bytes of the named field', async () => {
    expect((await readUploadedFile(requestWith(part()), 'Avatar')).toString()).toBe('bytes');
  });

  it('answers 413 for a file the multipart limit cut short (file.truncated), never the partial bytes', async () => {
    const truncated = part({ file: { truncated: true, resume: () => undefined } });
    expect(await codeOf(readUploadedFile(requestWith(truncated), 'Avatar'))).toBe(
      'PayloadTooLarge error.imageTooLarge',
    );
  });

  it('answers 413 when the multipart plugin throws its file-size error', async () => {
    const tooLarge = Object.assign(new Error('too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
    const throwing = part({ toBuffer: async () => Promise.reject(tooLarge) });
    expect(await codeOf(readUploadedFile(requestWith(throwing), 'Avatar'))).toBe('PayloadTooLarge error.imageTooLarge');
  });

  it('asks for the file when there is none, another field or an empty one', async () => {
    for (const p of [undefined, part({ fieldname: 'Other' }), part({ toBuffer: async () => Buffer.alloc(0) })]) {
      expect(await codeOf(readUploadedFile(requestWith(p), 'Avatar'))).toBe('BadRequest validation.required');
    }
  });
});
