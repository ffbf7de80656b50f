import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/** The built web app as production serves it: precompressed files, long-lived hashed assets. */
describe('serving the web app', () => {
  let t: TestApp;
  let distDir: string;
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

  beforeAll(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpw-web-dist-'));
    fs.mkdirSync(path.join(distDir, 'assets'));
    fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>BPW</title><div id="root"></div>');
    fs.writeFileSync(path.join(distDir, 'login.html'), '<!doctype html><title>BPW</title><div id="login"></div>');
    const file = path.join(distDir, 'assets', 'index-AbC123.js');
    fs.writeFileSync(file, script);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
    t = await createTestApp({ env: { WEB_DIST_DIR: distDir } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the brotli file to a browser that accepts it, else gzip, else the file itself', async () => {
    const br = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('lets browsers keep hashed assets for a year, and revalidate the page itself', async () => {
    expect((await get('/assets/index-AbC123.js', 'br')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    const page = await get('/persons', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root">');
  });

  it('answers /login with the login page of its own, also with a returnTo, and revalidated', async () => {
    for (const url of ['/login', '/login?returnTo=%2Fpersons%2Fp1']) {
      const page = await get(url, 'br');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toContain('text/html');
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body, url).toContain('<div id="login">');
    }
    expect((await get('/login.html')).headers['cache-control']).toBe('no-cache');
    // Other paths below it are the SPA's (its not-found page).
    expect((await get('/login/other')).body).toContain('<div id="root">');
  });
});
