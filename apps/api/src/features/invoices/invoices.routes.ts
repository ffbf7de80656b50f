import {
  clubListQuerySchema,
  clubYearParamsSchema,
  feeRunBodySchema,
  feeRunListSchema,
  feeRunPreviewQuerySchema,
  feeRunPreviewSchema,
  feeRunSchema,
  feeScheduleBodySchema,
  feeScheduleListSchema,
  feeScheduleSchema,
  invoiceCancelBodySchema,
  invoiceClubsSchema,
  invoiceDetailSchema,
  invoiceListSchema,
  invoiceSettingsBodySchema,
  invoiceSettingsSchema,
  nationalFeeBodySchema,
  nationalFeeListSchema,
  nationalFeeSchema,
  ownInvoiceListQuerySchema,
  parseFeeYear,
  printBatchBodySchema,
  printBatchListSchema,
  printBatchSchema,
  yearListQuerySchema,
  yearParamsSchema,
} from '@bpw/domain/schemas/invoice';
import { idParamsSchema } from '@bpw/domain/schemas/query-params';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../platform/auth/auth-plugin';
import { notFound } from '../../platform/errors';
import type { FeatureDeps } from '../../platform/feature-deps';
import {
  cancelInvoice,
  createFeeRun,
  createPrintBatch,
  getFeeRun,
  getInvoice,
  getNationalFee,
  getPrintBatch,
  getSchedule,
  getSettings,
  invoicePdf,
  listFeeRuns,
  listInvoiceClubs,
  listNationalFees,
  listOwnInvoices,
  listPrintBatches,
  listSchedules,
  previewFeeRun,
  printBatchPdf,
  putNationalFee,
  putSchedule,
  putSettings,
  requireAdmin,
  requireAnyInvoicing,
  requireClubInvoicing,
  requireManagedInvoice,
  sendInvoice,
} from './invoices.service';

const tags = ['invoices'];

/** A path's year; a text that is no year names nothing: 404. */
function yearOf(value: string): number {
  const year = parseFeeYear(value);
  if (year === undefined) throw notFound();
  return year;
}

const sendPdf = (reply: FastifyReply, file: { data: Buffer; fileName: string }) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.data);

/** Issue 17: invoicing settings, fee schedules, fee runs, invoices and their PDFs (docs/decisions/invoices.md). */
export const invoicesRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  app.get(
    '/invoice-clubs',
    {
      schema: {
        tags,
        summary: 'The clubs whose invoices the caller manages (finance responsible, database manager; admins all)',
        response: { 200: invoiceClubsSchema },
      },
    },
    async (request) => listInvoiceClubs(deps, requireActor(request)),
  );

  // --- settings ---
  app.get(
    '/club/:id/invoice-settings',
    {
      schema: {
        tags,
        summary: "A club's invoicing settings: creditor, IBAN or QR-IBAN, payment terms",
        params: idParamsSchema,
        response: { 200: invoiceSettingsSchema },
      },
    },
    async (request) => getSettings(deps, requireActor(request), request.params.id),
  );
  app.put(
    '/club/:id/invoice-settings',
    {
      schema: {
        tags,
        summary: "Sets a club's invoicing settings",
        params: idParamsSchema,
        body: invoiceSettingsBodySchema,
        response: { 200: invoiceSettingsSchema },
      },
      config: { authorize: (request) => requireClubInvoicing(deps, requireActor(request), request.params.id!) },
    },
    async (request) => putSettings(deps, requireActor(request), request.params.id, request.body),
  );
  app.get(
    '/invoice-settings',
    {
      schema: { tags, summary: "The association's invoicing settings", response: { 200: invoiceSettingsSchema } },
    },
    async (request) => getSettings(deps, requireActor(request), null),
  );
  app.put(
    '/invoice-settings',
    {
      schema: {
        tags,
        summary: "Sets the association's invoicing settings (admins)",
        body: invoiceSettingsBodySchema,
        response: { 200: invoiceSettingsSchema },
      },
      config: { authorize: (request) => requireAdmin(requireActor(request)) },
    },
    async (request) => putSettings(deps, requireActor(request), null, request.body),
  );

  // --- fee schedules ---
  app.get(
    '/club/:id/fee-schedule',
    {
      schema: {
        tags,
        summary: "A club's fee schedules, newest year first",
        params: idParamsSchema,
        querystring: yearListQuerySchema,
        response: { 200: feeScheduleListSchema },
      },
    },
    async (request) => listSchedules(deps, requireActor(request), request.params.id, request.query),
  );
  app.get(
    '/club/:id/fee-schedule/:year',
    {
      schema: {
        tags,
        summary: "A club's fees of a year by member type, and the reduced amount for young members",
        params: clubYearParamsSchema,
        response: { 200: feeScheduleSchema },
      },
    },
    async (request) => getSchedule(deps, requireActor(request), request.params.id, yearOf(request.params.year)),
  );
  app.put(
    '/club/:id/fee-schedule/:year',
    {
      schema: {
        tags,
        summary: "Sets a club's fees of a year (centimes)",
        params: clubYearParamsSchema,
        body: feeScheduleBodySchema,
        response: { 200: feeScheduleSchema },
      },
      config: { authorize: (request) => requireClubInvoicing(deps, requireActor(request), request.params.id!) },
    },
    async (request) =>
      putSchedule(deps, requireActor(request), request.params.id, yearOf(request.params.year), request.body),
  );

  // --- national fee ---
  app.get(
    '/national-fee',
    {
      schema: {
        tags,
        summary: "The association's national fee per year",
        querystring: yearListQuerySchema,
        response: { 200: nationalFeeListSchema },
      },
    },
    async (request) => listNationalFees(deps, requireActor(request), request.query),
  );
  app.get(
    '/national-fee/:year',
    {
      schema: {
        tags,
        summary: 'The national fee of a year',
        params: yearParamsSchema,
        response: { 200: nationalFeeSchema },
      },
    },
    async (request) => getNationalFee(deps, requireActor(request), yearOf(request.params.year)),
  );
  app.put(
    '/national-fee/:year',
    {
      schema: {
        tags,
        summary: 'Sets the national fee of a year (admins)',
        params: yearParamsSchema,
        body: nationalFeeBodySchema,
        response: { 200: nationalFeeSchema },
      },
      config: { authorize: (request) => requireAdmin(requireActor(request)) },
    },
    async (request) => putNationalFee(deps, requireActor(request), yearOf(request.params.year), request.body),
  );

  // --- fee runs ---
  app.get(
    '/fee-run/preview',
    {
      schema: {
        tags,
        summary:
          'What a fee run would create: invoices, total, who is left out and why (ClubId absent: all clubs, admins)',
        querystring: feeRunPreviewQuerySchema,
        response: { 200: feeRunPreviewSchema },
      },
    },
    async (request) => previewFeeRun(deps, requireActor(request), request.query),
  );

  app.post(
    '/fee-run',
    {
      schema: {
        tags,
        summary: 'Starts a fee run (a job); running it again creates only the invoices still missing',
        body: feeRunBodySchema,
        response: { 202: feeRunSchema },
      },
      config: { authorize: (request) => requireAnyInvoicing(deps, requireActor(request)) },
    },
    async (request, reply) => reply.code(202).send(await createFeeRun(deps, requireActor(request), request.body)),
  );
  app.get(
    '/fee-run',
    {
      schema: {
        tags,
        summary: 'Fee runs, newest first',
        querystring: clubListQuerySchema,
        response: { 200: feeRunListSchema },
      },
    },
    async (request) => listFeeRuns(deps, requireActor(request), request.query),
  );
  app.get(
    '/fee-run/:id',
    { schema: { tags, summary: 'A fee run', params: idParamsSchema, response: { 200: feeRunSchema } } },
    async (request) => getFeeRun(deps, requireActor(request), request.params.id),
  );

  // --- invoices ---
  app.get(
    '/invoice/:id',
    {
      schema: {
        tags,
        summary: 'An invoice with its positions, payments and reminders (managers of its club, its recipient)',
        params: idParamsSchema,
        response: { 200: invoiceDetailSchema },
      },
    },
    async (request) => getInvoice(deps, requireActor(request), request.params.id),
  );
  app.post(
    '/invoice/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancels an issued invoice on which nothing has been paid',
        params: idParamsSchema,
        body: invoiceCancelBodySchema,
        response: { 200: invoiceDetailSchema },
      },
      config: { authorize: (request) => requireManagedInvoice(deps, requireActor(request), request.params.id!) },
    },
    async (request) => cancelInvoice(deps, requireActor(request), request.params.id, request.body),
  );
  app.get(
    '/invoice/:id/pdf',
    {
      schema: {
        tags,
        summary: 'The invoice as PDF with the QR-bill (409 while it is being made)',
        params: idParamsSchema,
      },
    },
    async (request, reply) => sendPdf(reply, await invoicePdf(deps, requireActor(request), request.params.id)),
  );
  app.post(
    '/invoice/:id/send',
    {
      schema: { tags, summary: 'Mails the invoice with its PDF again', params: idParamsSchema },
    },
    async (request, reply) => {
      await sendInvoice(deps, requireActor(request), request.params.id);
      return reply.code(202).send();
    },
  );
  app.get(
    '/me/invoice',
    {
      schema: {
        tags,
        summary: "The caller's own invoices, newest first",
        querystring: ownInvoiceListQuerySchema,
        response: { 200: invoiceListSchema },
      },
    },
    async (request) => listOwnInvoices(deps, requireActor(request), request.query),
  );

  // --- print batches ---
  app.get(
    '/invoice-print-batch',
    {
      schema: {
        tags,
        summary: 'Print batches (one PDF of the printed invoices or reminders of a run), newest first',
        querystring: clubListQuerySchema,
        response: { 200: printBatchListSchema },
      },
    },
    async (request) => listPrintBatches(deps, requireActor(request), request.query),
  );
  app.post(
    '/invoice-print-batch',
    {
      schema: {
        tags,
        summary: 'Gathers the print-delivery documents of a fee run or reminder run into one PDF (a job)',
        body: printBatchBodySchema,
        response: { 202: printBatchSchema },
      },
      config: { authorize: (request) => requireAnyInvoicing(deps, requireActor(request)) },
    },
    async (request, reply) => reply.code(202).send(await createPrintBatch(deps, requireActor(request), request.body)),
  );
  app.get(
    '/invoice-print-batch/:id',
    { schema: { tags, summary: 'A print batch', params: idParamsSchema, response: { 200: printBatchSchema } } },
    async (request) => getPrintBatch(deps, requireActor(request), request.params.id),
  );
  app.get(
    '/invoice-print-batch/:id/pdf',
    { schema: { tags, summary: "A print batch's PDF (409 while it is being made)", params: idParamsSchema } },
    async (request, reply) => sendPdf(reply, await printBatchPdf(deps, requireActor(request), request.params.id)),
  );
};
