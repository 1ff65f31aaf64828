import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { noApiRoute, notFound } from '../http/http-error.ts';

/** True when the path names a file (`/assets/app.js`), not a page of the app (`/members`). */
function looksLikeFile(path: string): boolean {
  return /\.[a-z0-9]+$/i.test(path.split('?')[0] ?? '');
}

/**
 * Serves the built web app and answers unknown paths: `/api/*` with a JSON 404, page paths with the
 * app's index.html so the browser router can show the page (or its 404 page).
 */
export async function registerStaticWeb(app: FastifyInstance, webRoot: string | null): Promise<void> {
  const hasWeb = webRoot !== null && existsSync(join(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        // Vite fingerprints everything under assets/, so those files never change.
        const immutable = path.includes(`${join(webRoot, 'assets')}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !looksLikeFile(request.url);
    if (hasWeb && isPage && !request.url.startsWith('/api')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    throw request.url.startsWith('/api') ? noApiRoute(request.method, request.url) : notFound();
  });
}
