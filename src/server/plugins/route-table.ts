import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';

export interface RouteEntry {
  method: HTTPMethods;
  url: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route as registered, with its schema: the tests that must cover every route (the
     * fuzzer, the no-store check) read it, so a route added later is covered without listing it.
     */
    readonly routeTable: readonly RouteEntry[];
  }
}

/** Registered before any route, so that every later one is recorded. */
export function registerRouteTable(app: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema });
  });
}
