import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { pageData, routedPageOf, routedPages, type RoutedPage } from '#core/site/pages.ts';
import { noApiRoute, notFound } from '../http/http-error.ts';
import { prebuildBody, sendPrebuilt, type PrebuiltBody } from '../http/prebuilt-body.ts';
import type { PublicReads } from '../http/public-reads.ts';

const HTML = 'text/html; charset=utf-8';

/** True when the path names a file (`/assets/app.js`), not a page of the app (`/members`). */
function looksLikeFile(path: string): boolean {
  return /\.[a-z0-9]+$/i.test(path.split('?')[0] ?? '');
}

/** The app's HTML naming the page's first data, so the browser fetches it beside the page's code. */
function withPreloads(html: string, urls: readonly string[]): string {
  const links = urls.map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin="anonymous" />`);
  return html.replace('</head>', `${links.join('')}</head>`);
}

async function prebuildPages(indexHtml: string): Promise<Map<RoutedPage | null, PrebuiltBody>> {
  // `null` is every unknown path: the app's HTML, whose router shows its 404 page.
  const plain = await prebuildBody(indexHtml, HTML);
  const pages = new Map<RoutedPage | null, PrebuiltBody>([[null, plain]]);
  for (const page of routedPages) {
    const preloads = pageData[page] ?? [];
    // Pages that name no data send the same bytes as the plain HTML: compressed once.
    pages.set(
      page,
      preloads.length === 0 ? plain : await prebuildBody(withPreloads(indexHtml, preloads), HTML),
    );
  }
  return pages;
}

/**
 * Serves the built web app: assets in their precompressed copies (written by the build), each page
 * of the app as HTML prebuilt at start, and unknown paths as 404 (`/api/*` as JSON, pages with the
 * app's HTML so the browser shows its 404 page).
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  webRoot: string | null,
  publicReads: PublicReads,
): Promise<void> {
  const indexPath = webRoot === null ? null : join(webRoot, 'index.html');
  const pages =
    indexPath !== null && existsSync(indexPath) ? await prebuildPages(readFileSync(indexPath, 'utf8')) : null;
  if (webRoot !== null && pages !== null) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, path) {
        // Vite fingerprints everything under assets/, so those files never change.
        const immutable = path.includes(`${join(webRoot, 'assets')}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // The pages at fixed paths are answered early, whatever their query (filters kept in the URL).
  for (const [page, body] of pages ?? []) {
    if (page !== null && !page.includes(':')) publicReads.add(page, () => body);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !looksLikeFile(request.url);
    if (pages !== null && isPage && !request.url.startsWith('/api')) {
      const page = routedPageOf(request.url);
      const body = pages.get(page) as PrebuiltBody;
      return sendPrebuilt(request, reply.code(page === null ? 404 : 200), body);
    }
    throw request.url.startsWith('/api') ? noApiRoute(request.method, request.url) : notFound();
  });
}
