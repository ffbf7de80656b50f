import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { injectAs } from '../../../test/factories';
import { multipartBody } from '../../../test/uploads';

/** Test helpers of the import: upload a file, run it to the end, read the job. */
export function importClient(app: FastifyInstance, token: string) {
  const as = injectAs(app, token);
  return {
    as,
    upload: async (bytes: Buffer, filename = 'members.csv') => {
      const body = await multipartBody('File', bytes, { filename, contentType: 'application/octet-stream' });
      return as({ method: 'POST', url: '/api/v1/imports', ...body });
    },
    preview: (id: string, mapping: Record<string, string>) =>
      as({ method: 'POST', url: `/api/v1/imports/${id}/preview`, payload: { mapping } }),
    run: (id: string, mapping: Record<string, string>) =>
      as({ method: 'POST', url: `/api/v1/imports/${id}/run`, payload: { mapping } }),
    job: (id: string) => as({ method: 'GET', url: `/api/v1/jobs/${id}` }),
    result: (id: string) => as({ method: 'GET', url: `/api/v1/imports/${id}/result` }),
    /** Upload, run with the proposed mapping (or `mapping`), wait for the job; answers its result. */
    importFile: async (bytes: Buffer, options: { filename?: string; mapping?: Record<string, string> } = {}) => {
      const uploaded = await importClient(app, token).upload(bytes, options.filename);
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const upload = uploaded.json<{ id: string; mapping: Record<string, string> }>();
      const run = await importClient(app, token).run(upload.id, options.mapping ?? upload.mapping);
      expect(run.statusCode, run.body).toBe(202);
      const { jobId } = run.json<{ jobId: string }>();
      await app.jobs.runOnce();
      const job = await as({ method: 'GET', url: `/api/v1/jobs/${jobId}` });
      return {
        uploadId: upload.id,
        jobId,
        job: job.json<{ state: string; done: number; total: number; result: Record<string, number> }>(),
      };
    },
  };
}

export const csv = (lines: string[][], delimiter = ';') =>
  Buffer.from(
    lines
      .map((l) => l.map((c) => (/[";\n,\t]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(delimiter))
      .join('\r\n'),
  );

export async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
