import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent } from '../factories';
import { changedCells, snapshotDatabase } from './db-snapshot';
import { reportFigure } from './figures';
import { type HostileFile, hostileFiles } from './hostile-files';
import { addressOf, personIn } from './object-fixtures';
import { operationOf } from './openapi-routes';
import { type SecurityWorld, createSecurityWorld } from './security-world';

/**
 * ASVS V5 (file handling), OWASP file upload cheat sheet: every upload route (found by its
 * OpenAPI summary "multipart field X") gets every hostile file as an authorised caller.
 */
describe('uploads: hostile files on every upload route', () => {
  let w: SecurityWorld;
  beforeAll(async () => {
    w = await createSecurityWorld();
  });
  afterAll(() => w.t.close());

  /** A fresh object each upload route can take a file for: its URL. */
  const targets: Array<[RegExp, () => Promise<string>]> = [
    [
      /^\/api\/v1\/person\/:id\/avatar$/,
      async () => `/api/v1/person/${await personIn(w, { clubId: w.clubA, state: 0 })}/avatar`,
    ],
    [
      /^\/api\/v1\/person\/:id\/address\/:addressId\/competence-logo$/,
      async () => {
        const person = await personIn(w, { clubId: w.clubA, state: 0 });
        return `/api/v1/person/${person}/address/${await addressOf(w, person)}/competence-logo`;
      },
    ],
    [
      /^\/api\/v1\/event\/:id\/event-image$/,
      async () => `/api/v1/event/${(await createEvent(w.db, { responsibleClubId: w.clubA })).id}/event-image`,
    ],
  ];

  function multipart(field: string, file: HostileFile, data: Buffer) {
    const boundary = `----security${randomBytes(8).toString('hex')}`;
    const part = (name: string) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\n` +
            `Content-Type: ${file.contentType}\r\n\r\n`,
          'utf8',
        ),
        data,
        Buffer.from('\r\n'),
      ]);
    const parts =
      file.raw === 'wrongField'
        ? [part('Other')]
        : file.raw === 'twoFiles'
          ? [part(field), part(field)]
          : [part(field)];
    const end = file.raw === 'unterminated' ? [] : [Buffer.from(`--${boundary}--\r\n`)];
    return {
      payload: Buffer.concat([...parts, ...end]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  }

  const filesUnder = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]))
      : [];

  it('accepts none that should be refused and stores none as sent', async () => {
    const uploadRoutes = w.app.apiRoutes.flatMap((route) => {
      const summary = operationOf(w.app, route).summary ?? '';
      // The image uploads; the import's spreadsheets have their own hostile files (imports.test.ts).
      const field = route.method === 'POST' ? /multipart field (\w+); PNG or JPEG/.exec(summary)?.[1] : undefined;
      return field ? [{ route, field }] : [];
    });
    expect(uploadRoutes.length).toBeGreaterThanOrEqual(2);
    const problems: string[] = [];
    let uploads = 0;
    let accepted = 0;
    await w.tokenOf('admin'); // signed in before the first snapshot
    const data = new Map<string, Buffer>();
    for (const file of hostileFiles) data.set(file.name, await file.data());

    for (const { route, field } of uploadRoutes) {
      const target = targets.find(([pattern]) => pattern.test(route.url))?.[1];
      if (!target) {
        problems.push(`${route.url}: no target in uploads.test.ts`);
        continue;
      }
      for (const file of hostileFiles) {
        const label = `${route.url} <- ${file.name}`;
        const url = await target();
        const bytes = data.get(file.name)!;
        const filesBefore = filesUnder(w.t.config.dataDir);
        const before = await snapshotDatabase(w.t.database);
        const res = await w.call('admin', { method: 'POST', url, ...multipart(field, file, bytes) });
        uploads++;
        const changes = changedCells(before, await snapshotDatabase(w.t.database));
        if (filesUnder(w.t.config.dataDir).length !== filesBefore.length)
          problems.push(`${label}: wrote a file to disk`);
        if (res.statusCode >= 500) problems.push(`${label}: ${res.statusCode} ${res.body}`);
        const isAccepted = res.statusCode === 201;
        if (isAccepted) accepted++;
        if (!isAccepted && ![400, 413, 415].includes(res.statusCode))
          problems.push(`${label}: answered ${res.statusCode}`);
        if (file.expect === 'refuse' && isAccepted) problems.push(`${label}: accepted`);
        if (file.expect === 'reencode' && !isAccepted)
          problems.push(`${label}: refused (${res.statusCode} ${res.body})`);
        if (!isAccepted) {
          if (changes.length)
            problems.push(`${label}: refused but changed ${changes.map((c) => `${c.table}.${c.column}`).join(', ')}`);
          continue;
        }
        // Stored: only webp variants re-encoded from the pixels, no marker, no name, no type.
        for (const change of changes) {
          const value = JSON.stringify(change.after) ?? '';
          if (value.includes(file.filename.slice(0, 40)) || (file.marker && value.includes(file.marker)))
            problems.push(`${label}: stored the name or the payload in ${change.table}.${change.column}`);
        }
        const fileId = (res.json() as { id: string }).id;
        const { rows } = await w.t.database.raw('select mime_type, data from stored_file_variants where file_id = $1', [
          fileId,
        ]);
        if (rows.length === 0) problems.push(`${label}: no variants stored`);
        for (const row of rows) {
          const stored = Buffer.from(row.data as Uint8Array);
          const meta = await sharp(stored).metadata();
          if (row.mime_type !== 'image/webp' || meta.format !== 'webp')
            problems.push(`${label}: stored as ${String(row.mime_type)}`);
          if (stored.equals(bytes)) problems.push(`${label}: stored as sent`);
          if (file.marker && stored.includes(file.marker)) problems.push(`${label}: the payload survived`);
          if (meta.exif || meta.xmp || meta.icc || meta.comments?.length) problems.push(`${label}: metadata survived`);
        }
        const served = await w.call('admin', { url });
        if (served.headers['content-type'] !== 'image/webp' || served.headers['x-content-type-options'] !== 'nosniff')
          problems.push(`${label}: served as ${String(served.headers['content-type'])}`);
      }
    }
    const refusedRightly = uploads - accepted;
    reportFigure(
      'uploads',
      `${hostileFiles.length} hostile files x ${uploadRoutes.length} upload routes (${uploadRoutes.map((r) => r.field).join(', ')}) ` +
        `= ${uploads} uploads: ${refusedRightly} refused, ${accepted} taken as re-encoded webp; ` +
        `${problems.length} accepted that should not be or stored as sent`,
    );
    expect(problems).toEqual([]);
  }, 600_000);
});
