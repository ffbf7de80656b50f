import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, nextIp } from '../factories';
import { makePng, multipartBody } from '../uploads';
import { reportFigure } from './figures';
import { withAvatar } from './object-fixtures';
import { type SecurityWorld, createSecurityWorld } from './security-world';

/**
 * ASVS V3.4 (browser security headers) and V13.4: the CSP and the other security headers on
 * every kind of answer: API JSON, problem+json (also Fastify's own refusals), static files,
 * the index.html fallback, images, downloads, the API docs and the notification stream.
 */
type Headers = Record<string, string | string[] | number | undefined>;

/** What every answer must carry; the CSP's script sources may not allow inline code or eval. */
function headerFaults(headers: Headers): string[] {
  const faults: string[] = [];
  const csp = String(headers['content-security-policy'] ?? '');
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map((d) => [d[0]!, d.slice(1)]),
  );
  if (!csp) faults.push('no Content-Security-Policy');
  else {
    const scripts = directives.get('script-src') ?? directives.get('default-src') ?? [];
    if (scripts.some((s) => ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:'].includes(s)))
      faults.push(`script sources too wide: ${scripts.join(' ')}`);
    if (!directives.get('frame-ancestors')?.includes("'none'")) faults.push("no frame-ancestors 'none'");
    const objects = directives.get('object-src') ?? directives.get('default-src') ?? [];
    if (!objects.includes("'none'") && !objects.includes("'self'")) faults.push('object-src not restricted');
    if (!directives.has('base-uri') && !directives.get('default-src')?.includes("'none'")) faults.push('no base-uri');
  }
  const expected: Record<string, RegExp> = {
    'x-content-type-options': /^nosniff$/,
    'strict-transport-security': /max-age=\d{7,}/,
    'referrer-policy': /^(no-referrer|same-origin|strict-origin-when-cross-origin)$/,
    'x-frame-options': /^(DENY|SAMEORIGIN)$/,
    'cross-origin-opener-policy': /^same-origin$/,
    'cross-origin-resource-policy': /^same-origin$/,
  };
  for (const [name, pattern] of Object.entries(expected)) {
    if (!pattern.test(String(headers[name] ?? ''))) faults.push(`${name}: ${String(headers[name])}`);
  }
  if (headers['x-powered-by']) faults.push('x-powered-by is sent');
  return faults;
}

describe('security headers on every kind of answer', () => {
  let w: SecurityWorld;
  let distDir: string;
  beforeAll(async () => {
    // A built web app of our own: index.html, a script and an image, served as in production.
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bpw-security-dist-'));
    fs.mkdirSync(path.join(distDir, 'assets'));
    fs.writeFileSync(
      path.join(distDir, 'index.html'),
      '<!doctype html><html><head><title>BPW</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
    );
    fs.writeFileSync(path.join(distDir, 'assets', 'app.js'), 'console.log("app");');
    fs.writeFileSync(path.join(distDir, 'logo.png'), await makePng(16, 16));
    w = await createSecurityWorld({ env: { WEB_DIST_DIR: distDir } });
  });
  afterAll(async () => {
    await w.t.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('sends the CSP and the security headers on every kind of answer', async () => {
    const person = await createPerson(w.db, { clubId: w.clubA });
    await withAvatar(w, person.id);
    const avatar = await w.call('admin', { url: `/api/v1/person/${person.id}/avatar` });
    const answers: Record<string, () => Promise<LightMyRequestResponse>> = {
      'API JSON (public)': () => w.call('anonymous', { url: '/api/v1/health' }),
      'API JSON (signed in)': () => w.call('admin', { url: '/api/v1/person?PerPage=10' }),
      'API 201 create': () =>
        w.call('admin', { method: 'POST', url: '/api/v1/club', payload: { name: `H ${Date.now()}`, clubType: 0 } }),
      'API 204': () => w.call('admin', { method: 'DELETE', url: `/api/v1/person/${w.victim.id}/avatar` }),
      'problem+json 401': () => w.call('anonymous', { url: '/api/v1/person' }),
      'problem+json 401 Token-Expired': () =>
        w.app.inject({ url: '/api/v1/person', headers: { authorization: 'Bearer a.b.c' } }),
      'problem+json 403': () => w.call('member', { method: 'DELETE', url: `/api/v1/club/${w.clubA}` }),
      'problem+json 404 (unknown API path)': () => w.call('admin', { url: '/api/v1/no-such-thing' }),
      'problem+json 400 (validation)': () => w.call('admin', { url: '/api/v1/person/not-a-uuid' }),
      'problem+json 400 (malformed JSON)': () =>
        w.call('admin', {
          method: 'POST',
          url: '/api/v1/club',
          payload: '{"name":',
          headers: { 'content-type': 'application/json' },
        }),
      'problem+json 400 (broken URL encoding)': () => w.call('admin', { url: '/api/v1/person/%zz' }),
      'problem+json 414 (parameter too long)': () => w.call('admin', { url: `/api/v1/person/${'a'.repeat(500)}` }),
      'problem+json 413 (body too large)': () =>
        w.call('admin', {
          method: 'POST',
          url: '/api/v1/club',
          payload: { name: 'x'.repeat(2 * 1024 * 1024), clubType: 0 },
        }),
      'problem+json 415 (upload)': async () =>
        w.call('admin', {
          method: 'POST',
          url: `/api/v1/person/${person.id}/avatar`,
          ...(await multipartBody('Avatar', Buffer.from('<svg/>'), {
            filename: 'a.svg',
            contentType: 'image/svg+xml',
          })),
        }),
      'problem+json 429': async () => {
        const ip = nextIp();
        let res: LightMyRequestResponse | undefined;
        for (let i = 0; i < 40 && res?.statusCode !== 429; i++) {
          res = await w.app.inject({
            method: 'POST',
            url: '/api/v1/auth/authenticate',
            headers: { 'x-forwarded-for': ip },
            payload: { username: 'nobody@example.test', password: 'x', acceptedTermsAndConditions: true },
          });
        }
        return res!;
      },
      'image (avatar)': () => w.call('admin', { url: `/api/v1/person/${person.id}/avatar` }),
      'image 304': () =>
        w.call('admin', {
          url: `/api/v1/person/${person.id}/avatar`,
          headers: { 'if-none-match': String(avatar.headers.etag) },
        }),
      'download (vCard)': () => w.call('admin', { url: `/api/v1/person/${person.id}/v-card` }),
      'download (xlsx export)': () => w.call('admin', { url: '/api/v1/export?OutputFormat=0' }),
      'static script': () => w.call('anonymous', { url: '/assets/app.js' }),
      'static image': () => w.call('anonymous', { url: '/logo.png' }),
      'index.html fallback (deep link)': () => w.call('anonymous', { url: '/persons/123' }),
      'index.html fallback (root)': () => w.call('anonymous', { url: '/' }),
      'OpenAPI document': () => w.call('anonymous', { url: '/api/docs/json' }),
      'API docs page': () => w.call('anonymous', { url: '/api/docs' }),
      'API docs stylesheet': () => w.call('anonymous', { url: '/api/docs/static/swagger-ui.css' }),
    };
    const faults: string[] = [];
    for (const [name, answer] of Object.entries(answers)) {
      const res = await answer();
      for (const fault of headerFaults(res.headers)) faults.push(`${name} (${res.statusCode}): ${fault}`);
      if (name.startsWith('problem+json')) {
        if (!String(res.headers['content-type']).startsWith('application/problem+json'))
          faults.push(`${name}: answered ${res.statusCode} ${String(res.headers['content-type'])}`);
        if (!name.includes(String(res.statusCode))) faults.push(`${name}: answered ${res.statusCode}`);
      } else if (res.statusCode >= 400) faults.push(`${name}: answered ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    const stream = await streamHeaders();
    for (const fault of headerFaults(stream)) faults.push(`notification stream: ${fault}`);
    reportFigure(
      'security headers',
      `${Object.keys(answers).length + 1} kinds of answer (JSON, problem+json 400-429, images, downloads, static files, ` +
        `index.html fallback, API docs, event stream): ${faults.length} missing or weak headers`,
    );
    expect(faults).toEqual([]);
  }, 120_000);

  /** The event stream's headers, over a real socket (the stream never ends on its own). */
  async function streamHeaders(): Promise<Headers> {
    const ticket = (
      await w.call('member', { method: 'POST', url: '/api/v1/notification/stream-ticket' } as InjectOptions)
    ).json().ticket as string;
    await w.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = w.app.server.address() as AddressInfo;
    return new Promise((resolve, reject) => {
      const request = http.get(`http://127.0.0.1:${port}/api/v1/notification/stream?ticket=${ticket}`, (res) => {
        resolve(res.headers);
        request.destroy();
      });
      request.on('error', reject);
    });
  }
});
