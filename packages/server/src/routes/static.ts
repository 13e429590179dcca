import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// The built web app, and what every unknown path answers. Vite hashes the file names under
// assets/, so those may be cached forever; everything else (index.html, sw.js, the manifest)
// must be revalidated, or a deploy would leave browsers on an old app or service worker.
// The build writes Brotli and gzip copies beside each file (.br, .gz): those are sent as they are
// to a browser that accepts them, so nothing is compressed per request.

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const NOT_BUILT =
  'The web app is not built: run `npm run build`, then restart the server. The API under /api still works.';

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

// A path that names a file (has an extension or lies under assets/) must not get index.html:
// a browser would cache HTML as a script or a stylesheet.
function looksLikeFile(pathname: string): boolean {
  return pathname.startsWith('/assets/') || /\.[A-Za-z0-9]+$/.test(pathname);
}

/** Serves `webDist` with its caching rules and answers every unknown path (must be called on the root app). */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const built = fs.existsSync(path.join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      preCompressed: true,
      // Dot folders are the build's own records (Vite's .vite/: the manifest and the module sizes,
      // which name the build machine's paths), not the app: they answer 404 as any missing file.
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders(res, filePath) {
        const relative = path.relative(webDist, filePath).split(path.sep).join('/');
        res.setHeader('cache-control', relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
        // The same URL answers Brotli, gzip or plain: caches must keep them apart.
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
  } else {
    app.log.warn({ webDist }, 'Web app not built: serving the API only');
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (isApiPath(pathname) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ error: `Not found: ${request.method} ${pathname}` });
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_BUILT);
    }
    if (looksLikeFile(pathname)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    // Client-side routes (deep links, reloads) all boot the single-page app.
    return reply.sendFile('index.html');
  });
}
