import { exportQuerySchema } from '@bpw/domain/schemas/export';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { requireActor } from '../../platform/auth/auth-plugin';
import { sendXlsx } from '../../platform/xlsx/xlsx-download';
import { startExport } from './export.service';

/** Spec 01 §7 "Export": the export config as query; answers an xlsx file named by Content-Disposition. */
export const exportRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  app.get(
    '/export',
    {
      // The audit trail records what was exported, also of a download broken off; the export
      // stops by itself when its reader goes (export.service.ts).
      config: { cancelWhenClientGone: false },
      schema: {
        tags: ['export'],
        summary: 'Download persons as an xlsx file (allData, emailList, addressList, badgeList, onlyMainData)',
        querystring: exportQuerySchema,
      },
    },
    async (request, reply) => {
      const download = startExport({ ...deps, log: request.log }, requireActor(request), request.locale, request.query);
      return sendXlsx(reply, download);
    },
  );
};
