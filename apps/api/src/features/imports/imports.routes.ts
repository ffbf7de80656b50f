import {
  importMappingBodySchema,
  importPreviewSchema,
  importRunSchema,
  importUploadField,
  importUploadSchema,
} from '@bpw/domain/schemas/import';
import { idParamsSchema } from '@bpw/domain/schemas/query-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/auth/auth-plugin';
import { AppError } from '../../platform/errors';
import type { FeatureDeps } from '../../platform/feature-deps';
import { XLSX_CONTENT_TYPE } from '../../platform/xlsx/xlsx-download';
import { IMPORT_MAX_BYTES, tooLarge } from './import-file';
import { resultFile } from './import-result';
import {
  authorizeImport,
  getImport,
  previewImport,
  requireImportForResult,
  runImport,
  uploadImport,
} from './imports.service';

const fileRequired = () =>
  new AppError('BadRequest', [{ key: 'validation.required', params: { field: importUploadField } }]);

/** Spreadsheet import (issue 16): upload, mapping and preview, run as a job, result download. */
export const importsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const tags = ['imports'];

  app.post(
    '/imports',
    {
      schema: {
        tags,
        summary: 'Upload a spreadsheet to import (multipart field File; .xlsx or .csv up to 50 MB)',
        consumes: ['multipart/form-data'],
        response: { 201: importUploadSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      await authorizeImport(actor);
      const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } }).catch(() => {
        throw new AppError('BadRequest', ['error.uploadIncomplete']);
      });
      if (!part || part.fieldname !== importUploadField) {
        part?.file.resume();
        throw fileRequired();
      }
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw new AppError('BadRequest', ['error.uploadIncomplete']);
      }
      const upload = await uploadImport(deps, actor, { bytes, fileName: part.filename || 'import' });
      return reply.code(201).send(upload);
    },
  );

  app.get(
    '/imports/:id',
    {
      schema: {
        tags,
        summary: 'An uploaded import with its proposed mapping',
        params: idParamsSchema,
        response: { 200: importUploadSchema },
      },
    },
    async (request) => getImport(deps, requireActor(request), request.params.id),
  );

  app.post(
    '/imports/:id/preview',
    {
      schema: {
        tags,
        summary: 'The first rows as the run will store them (nothing is stored)',
        params: idParamsSchema,
        body: importMappingBodySchema,
        response: { 200: importPreviewSchema },
      },
      config: { authorize: (request) => authorizeImport(requireActor(request)) },
    },
    async (request) =>
      previewImport(deps, requireActor(request), {
        id: request.params.id,
        mapping: request.body.mapping,
        locale: request.locale,
      }),
  );

  app.post(
    '/imports/:id/run',
    {
      schema: {
        tags,
        summary: 'Start the import as a job (GET jobs/{id} for its progress)',
        params: idParamsSchema,
        body: importMappingBodySchema,
        response: { 202: importRunSchema },
      },
      config: { authorize: (request) => authorizeImport(requireActor(request)) },
    },
    async (request, reply) => {
      const run = await runImport(deps, requireActor(request), {
        id: request.params.id,
        mapping: request.body.mapping,
        locale: request.locale,
      });
      return reply.code(202).send(run);
    },
  );

  app.get(
    '/imports/:id/result',
    { schema: { tags, summary: 'The original file with a result column', params: idParamsSchema } },
    async (request, reply) => {
      const { upload, content } = await requireImportForResult(deps, requireActor(request), request.params.id);
      const file = resultFile(deps.db, upload, content, request.locale);
      const base =
        upload.fileName
          .replace(/\.[^.]*$/, '')
          .replace(/[^\w.-]+/g, '_')
          .slice(0, 80) || 'import';
      return reply
        .type(file.contentType === 'xlsx' ? XLSX_CONTENT_TYPE : 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${base}-result.${file.contentType}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );
};
