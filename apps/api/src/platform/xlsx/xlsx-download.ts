import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Answers an xlsx being written into `stream` as a download named `fileName` (ASCII, no quotes).
 * Fastify destroys `stream` when the client goes away, and ends the response when `stream` is
 * destroyed with an error: write-workbook.ts stops on either.
 */
export const sendXlsx = (reply: FastifyReply, download: { fileName: string; stream: Readable }) =>
  reply
    .type(XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${download.fileName}"`)
    .header('cache-control', 'no-store')
    .send(download.stream);
