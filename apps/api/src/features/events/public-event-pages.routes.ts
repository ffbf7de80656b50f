import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import type { FeatureDeps } from '../../platform/feature-deps';
import { createPublicCache } from '../../platform/public-cache';
import { defaultImagePath, defaultImageSize } from './public-event-head';
import {
  languageParameter,
  renderEventListPage,
  renderEventPage,
  renderSitemap,
  robotsText,
} from './public-event-pages.service';

/** The pages name the current script files: browsers ask again each time, answered 304 when unchanged. */
const pageCacheControl = 'no-cache';
const sitemapCacheControl = 'public, max-age=300';

/** The BPW mark on its yellow, for link previews of events without an image of their own. */
const defaultImageSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${defaultImageSize.width}" height="${defaultImageSize.height}" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#FFD400"/>
  <rect x="420" y="135" width="360" height="360" rx="48" fill="#1a1a1a"/>
  <path d="M498 240h204v28H498zM498 301h204v28H498zM498 362h136v28H498z" fill="#FFD400"/>
</svg>`;

/**
 * Issue 27: the public event pages and list with their own HTML head, robots.txt, sitemap.xml
 * and the default preview image. Pages and sitemap are prepared once per change like the public
 * API answers (platform/public-cache.ts); docs/decisions/public-event-heads.md.
 */
export const publicEventPagesRoutes: FastifyPluginAsyncZod<FeatureDeps> = async (app, deps) => {
  const cache = createPublicCache({ db: deps.db });
  // The sitemap lists up to 49,999 events and follows no clock: made again when the public
  // content changed (any registration moves the version), and meanwhile the last one is sent.
  const sitemapCache = createPublicCache({ db: deps.db, ttlMs: 60 * 60_000, maxEntries: 1 });
  const hide = { hide: true } as const;
  const query = z.looseObject({ lang: z.unknown().optional() });

  const robots = robotsText(deps.config.publicUrl);
  app.get('/robots.txt', { schema: hide }, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robots),
  );
  app.get('/sitemap.xml', { schema: hide }, (request, reply) =>
    sitemapCache.sendPrepared(request, reply, {
      key: 'sitemap',
      type: 'application/xml; charset=utf-8',
      cacheControl: sitemapCacheControl,
      compute: () => renderSitemap(deps),
      isStaleAllowed: true,
    }),
  );

  let defaultImage: Promise<Buffer> | undefined;
  app.get(defaultImagePath, { schema: hide }, async (_request, reply) => {
    defaultImage ??= sharp(Buffer.from(defaultImageSvg)).png({ compressionLevel: 9 }).toBuffer();
    return reply
      .type('image/png')
      .header('Cache-Control', 'public, max-age=86400')
      .send(await defaultImage);
  });

  // Without a built web app there is no page to give a head to (API-only runs, most tests).
  const indexFile = path.join(deps.config.webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) return;
  const template = fs.readFileSync(indexFile, 'utf8');

  app.get('/events-public', { schema: { ...hide, querystring: query } }, (request, reply) => {
    const language = languageParameter(request.query.lang);
    return cache.sendPrepared(request, reply, {
      key: `page:list:${language ?? ''}`,
      type: 'text/html; charset=utf-8',
      cacheControl: pageCacheControl,
      compute: async () => renderEventListPage(deps, template, { language }),
    });
  });
  app.get(
    '/events-public/:id',
    { schema: { ...hide, params: z.object({ id: z.string() }), querystring: query } },
    (request, reply) => {
      const language = languageParameter(request.query.lang);
      const id = request.params.id.toLowerCase();
      return cache.sendPrepared(request, reply, {
        key: `page:event:${id}:${language ?? ''}`,
        type: 'text/html; charset=utf-8',
        cacheControl: pageCacheControl,
        compute: () => renderEventPage(deps, template, { id, language }),
      });
    },
  );
};
