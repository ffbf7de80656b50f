import { invoiceDetailSchema, invoiceListSchema } from '@bpw/domain/schemas/invoice';
import {
  assignCreditBodySchema,
  bankCreditSchema,
  invoiceExportQuerySchema,
  invoiceListQuerySchema,
  invoiceTotalsQuerySchema,
  invoiceTotalsSchema,
  manualPaymentBodySchema,
  paymentImportDetailSchema,
  paymentImportField,
  paymentImportListQuerySchema,
  paymentImportQuerySchema,
  paymentImportSchema,
  unmatchedListQuerySchema,
} from '@bpw/domain/schemas/payment';
import { idParamsSchema, pagedSchema, pagingQuery } from '@bpw/domain/schemas/query-params';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireActor } from '../../platform/auth/auth-plugin';
import { AppError } from '../../platform/errors';
import type { FeatureDeps } from '../../platform/feature-deps';
import { sendXlsx } from '../../platform/xlsx/xlsx-download';
import { getInvoice } from '../invoices/invoices.service';
import { invoiceTotals, listInvoices, startInvoiceExport } from './invoice-list.service';
import {
  authorizeImportTo,
  getPaymentImport,
  importPaymentFile,
  listPaymentImports,
  PAYMENT_FILE_MAX_BYTES,
} from './payment-imports.service';
import {
  addManualPayment,
  assignCredit,
  authorizeCredit,
  authorizeInvoicePayment,
  ignoreCredit,
  listUnmatchedCredits,
} from './payments.service';

const fileRequired = () =>
  new AppError('BadRequest', [{ key: 'validation.required', params: { field: paymentImportField } }]);

/**
 * Issue 17, the payments helper's routes (contract 21-28): invoice list, totals and export;
 * manual payments; camt.054 imports; unmatched credits and their assignment.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const tags = ['invoices'];

  app.get(
    '/invoice',
    {
      schema: {
        tags,
        summary: 'Invoices of the clubs the caller manages (filters, index-backed sorts, paging)',
        querystring: invoiceListQuerySchema,
        response: { 200: invoiceListSchema },
      },
    },
    async (request) => listInvoices(deps, requireActor(request), request.query),
  );

  app.get(
    '/invoice-totals',
    {
      schema: {
        tags,
        summary: 'Invoiced, paid, open and overdue amounts per year',
        querystring: invoiceTotalsQuerySchema,
        response: { 200: invoiceTotalsSchema },
      },
    },
    async (request) => invoiceTotals(deps, requireActor(request), request.query),
  );

  app.get(
    '/invoice-export',
    {
      config: { cancelWhenClientGone: false },
      schema: { tags, summary: 'The invoice list as an xlsx file', querystring: invoiceExportQuerySchema },
    },
    async (request, reply) => {
      const download = await startInvoiceExport(
        { ...deps, log: request.log },
        requireActor(request),
        request.locale,
        request.query,
      );
      return sendXlsx(reply, download);
    },
  );

  app.post(
    '/invoice/:id/payment',
    {
      schema: {
        tags,
        summary: 'Book a payment by hand (header Idempotency-Key: a repeated request books nothing twice)',
        params: idParamsSchema,
        body: manualPaymentBodySchema,
        headers: z.object({ 'idempotency-key': z.string().max(200).optional() }),
        response: { 201: invoiceDetailSchema },
      },
      config: { authorize: (request) => authorizeInvoicePayment(deps, requireActor(request), request.params.id!) },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      await addManualPayment(deps, actor, {
        invoiceId: request.params.id,
        amountCentimes: request.body.amountCentimes,
        paidOn: request.body.paidOn,
        note: request.body.note,
        idempotencyKey: request.headers['idempotency-key'],
      });
      return reply.code(201).send(await getInvoice(deps, actor, request.params.id));
    },
  );

  app.post(
    '/payment-import',
    {
      schema: {
        tags,
        summary: 'Upload a camt.054 (ISO 20022, .001.04 to .001.08; multipart field file): credits matched and booked',
        consumes: ['multipart/form-data'],
        querystring: paymentImportQuerySchema,
        response: { 201: paymentImportSchema, 202: paymentImportSchema },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      await authorizeImportTo(deps, actor, request.query.ClubId);
      const part = await request.file({ limits: { fileSize: PAYMENT_FILE_MAX_BYTES, files: 1 } }).catch(() => {
        throw new AppError('BadRequest', ['error.uploadIncomplete']);
      });
      if (!part || part.fieldname !== paymentImportField) {
        part?.file.resume();
        throw fileRequired();
      }
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('PayloadTooLarge', [{ key: 'payment.error.fileTooLarge', params: { max: 50 } }]);
        throw new AppError('BadRequest', ['error.uploadIncomplete']);
      }
      const { isQueued, result } = await importPaymentFile(deps, actor, {
        bytes,
        fileName: part.filename || null,
        clubId: request.query.ClubId,
        locale: request.locale,
      });
      return reply.code(isQueued ? 202 : 201).send(result);
    },
  );

  app.get(
    '/payment-import',
    {
      schema: {
        tags,
        summary: 'Imported bank files, newest first',
        querystring: paymentImportListQuerySchema,
        response: { 200: pagedSchema(paymentImportSchema) },
      },
    },
    async (request) => listPaymentImports(deps, requireActor(request), { ...request.query, locale: request.locale }),
  );

  app.get(
    '/payment-import/:id',
    {
      schema: {
        tags,
        summary: 'One imported bank file with its credits (paged)',
        params: idParamsSchema,
        querystring: z.object(pagingQuery(50)),
        response: { 200: paymentImportDetailSchema },
      },
    },
    async (request) =>
      getPaymentImport(deps, requireActor(request), {
        id: request.params.id,
        ...request.query,
        locale: request.locale,
      }),
  );

  app.get(
    '/payment/unmatched',
    {
      schema: {
        tags,
        summary: 'Credits no invoice matched, waiting for assignment',
        querystring: unmatchedListQuerySchema,
        response: { 200: pagedSchema(bankCreditSchema) },
      },
    },
    async (request) => listUnmatchedCredits(deps, requireActor(request), request.query),
  );

  app.post(
    '/payment/unmatched/:id/assign',
    {
      schema: {
        tags,
        summary: 'Book an unmatched credit to an invoice',
        params: idParamsSchema,
        body: assignCreditBodySchema,
        response: { 200: bankCreditSchema },
      },
      config: { authorize: (request) => authorizeCredit(deps, requireActor(request), request.params.id!) },
    },
    async (request) =>
      assignCredit(deps, requireActor(request), { creditId: request.params.id, invoiceId: request.body.invoiceId }),
  );

  app.post(
    '/payment/unmatched/:id/ignore',
    {
      schema: {
        tags,
        summary: 'Set an unmatched credit aside (it leaves the list)',
        params: idParamsSchema,
        response: { 200: bankCreditSchema },
      },
    },
    async (request) => ignoreCredit(deps, requireActor(request), { creditId: request.params.id }),
  );
};
