import type { FastifyInstance } from 'fastify';
import type { RouteEntry } from '#server/plugins/route-table.ts';

/** The app's API routes from its route table, without the HEAD twin Fastify adds to each GET. */
export function apiRoutes(app: FastifyInstance): RouteEntry[] {
  return app.routeTable.filter((route) => route.url.startsWith('/api') && route.method !== 'HEAD');
}

/** The names of a route pattern's path parameters: `/users/:id/admin` has `id`. */
export function pathParams(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}

/** A concrete path for a route pattern, each parameter replaced by its (already encoded) value. */
export function fillPath(url: string, value: (name: string) => string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => value(name));
}

export const label = (route: Pick<RouteEntry, 'method' | 'url'>) => `${route.method} ${route.url}`;
