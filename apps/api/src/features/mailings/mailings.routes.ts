import {
  mailingAttachmentParamsSchema,
  mailingAttachmentSchema,
  mailingListQuerySchema,
  mailingPageSchema,
  mailingPreviewQuerySchema,
  mailingPreviewSchema,
  mailingProgressSchema,
  mailingSchema,
  mailingTestResultSchema,
  mailingTestSchema,
  mailingWriteSchema,
  recipientListQuerySchema,
  recipientPageSchema,
} from '@bpw/domain/schemas/mailing';
import { idParamsSchema } from '@bpw/domain/schemas/query-params';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/auth/auth-plugin';
import { AppError } from '../../platform/errors';
import type { FeatureDeps } from '../../platform/feature-deps';
import { addAttachment, readAttachment, removeAttachment, tooLarge } from './mailing-attachments.service';
import {
  authorizeMailing,
  authorizeMailingWrites,
  changeMailing,
  createMailing,
  getMailing,
  getProgress,
  listMailings,
  listRecipients,
  previewMailing,
  removeMailing,
  sendMailing,
  sendTestMailing,
  stopMailing,
} from './mailings.service';

const tags = ['mailings'];

/** The one file part `file` of a multipart upload, with its name; 413 past the 10 MB limit. */
async function readAttachmentUpload(request: FastifyRequest): Promise<{ data: Buffer; filename: string }> {
  const required = () => new AppError('BadRequest', [{ key: 'validation.required', params: { field: 'file' } }]);
  const part = await request.file().catch((error: unknown) => {
    if (typeof error === 'object' && error !== null && 'code' in error) throw error;
    throw new AppError('BadRequest', ['error.uploadIncomplete']);
  });
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw required();
  }
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw new AppError('BadRequest', ['error.uploadIncomplete']);
  }
  if (part.file.truncated) throw tooLarge();
  if (data.length === 0) throw required();
  return { data, filename: part.filename };
}

/** Issue 18: mailings (docs/decisions/mailings.md). */
export const mailingsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const mailingOf = (request: { params: Record<string, string> }) =>
    authorizeMailing(deps, requireActor(request as FastifyRequest), request.params.id!);

  app.get(
    '/mailing',
    {
      schema: {
        tags,
        summary: "A club's mailings (ClubId; absent: the association's), newest first, with recipient counts",
        querystring: mailingListQuerySchema,
        response: { 200: mailingPageSchema },
      },
    },
    async (request) => listMailings(deps, requireActor(request), request.query),
  );

  app.post(
    '/mailing',
    {
      schema: { tags, summary: 'Creates a draft mailing', body: mailingWriteSchema, response: { 201: mailingSchema } },
      config: { authorize: (request) => authorizeMailingWrites(requireActor(request)) },
    },
    async (request, reply) => reply.code(201).send(await createMailing(deps, requireActor(request), request.body)),
  );

  app.get(
    '/mailing/:id',
    { schema: { tags, summary: 'A mailing', params: idParamsSchema, response: { 200: mailingSchema } } },
    async (request) => getMailing(deps, requireActor(request), request.params.id),
  );

  app.put(
    '/mailing/:id',
    {
      schema: {
        tags,
        summary: 'Changes a draft mailing',
        params: idParamsSchema,
        body: mailingWriteSchema,
        response: { 200: mailingSchema },
      },
      config: { authorize: mailingOf },
    },
    async (request) => changeMailing(deps, requireActor(request), request.params.id, request.body),
  );

  app.delete(
    '/mailing/:id',
    { schema: { tags, summary: 'Deletes a draft mailing', params: idParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await removeMailing(deps, requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/mailing/:id/attachment',
    {
      schema: {
        tags,
        summary: 'Attaches a file (multipart field `file`; PDF, images, text, Office; 10 MB in all)',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 201: mailingAttachmentSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      await authorizeMailing(deps, actor, request.params.id);
      const file = await readAttachmentUpload(request);
      return reply.code(201).send(await addAttachment(deps, actor, request.params.id, file));
    },
  );

  app.get(
    '/mailing/:id/attachment/:attachmentId',
    { schema: { tags, summary: "A mailing's attached file", params: mailingAttachmentParamsSchema } },
    async (request, reply) => {
      const file = await readAttachment(deps, requireActor(request), request.params.id, request.params.attachmentId);
      return reply
        .type(file.contentType)
        .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.data);
    },
  );

  app.delete(
    '/mailing/:id/attachment/:attachmentId',
    {
      schema: {
        tags,
        summary: 'Removes an attached file',
        params: mailingAttachmentParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeAttachment(deps, requireActor(request), request.params.id, request.params.attachmentId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/mailing/:id/preview',
    {
      schema: {
        tags,
        summary: 'The mailing in one language for a sample recipient, and how many it reaches',
        params: idParamsSchema,
        querystring: mailingPreviewQuerySchema,
        response: { 200: mailingPreviewSchema },
      },
    },
    async (request) => previewMailing(deps, requireActor(request), request.params.id, request.query.Language),
  );

  app.post(
    '/mailing/:id/test',
    {
      schema: {
        tags,
        summary: "Sends the mailing to the caller's own address",
        params: idParamsSchema,
        body: mailingTestSchema,
        response: { 202: mailingTestResultSchema },
      },
      config: { authorize: mailingOf },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await sendTestMailing(deps, requireActor(request), request.params.id, request.body?.language)),
  );

  app.post(
    '/mailing/:id/send',
    {
      schema: {
        tags,
        summary: 'Sends a draft mailing (a job)',
        params: idParamsSchema,
        response: { 202: mailingSchema },
      },
    },
    async (request, reply) => reply.code(202).send(await sendMailing(deps, requireActor(request), request.params.id)),
  );

  app.get(
    '/mailing/:id/progress',
    {
      schema: {
        tags,
        summary: 'How far sending is: recipients by state',
        params: idParamsSchema,
        response: { 200: mailingProgressSchema },
      },
    },
    async (request) => getProgress(deps, requireActor(request), request.params.id),
  );

  app.get(
    '/mailing/:id/recipient',
    {
      schema: {
        tags,
        summary: "A mailing's recipients and their states",
        params: idParamsSchema,
        querystring: recipientListQuerySchema,
        response: { 200: recipientPageSchema },
      },
    },
    async (request) => listRecipients(deps, requireActor(request), request.params.id, request.query),
  );

  app.post(
    '/mailing/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Stops sending; recipients not yet sent to are cancelled',
        params: idParamsSchema,
        response: { 200: mailingSchema },
      },
    },
    async (request) => stopMailing(deps, requireActor(request), request.params.id),
  );
};
