import type { Reply } from './replies.ts';
import type { World } from './world.ts';

export interface RequestContext {
  world: World;
  /** The clock's reading for this request, in ms; every time decision uses it. */
  now: number;
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
  /** A fault knob: routes that call the Jagex hiscores answer 503 while it is set. */
  hiscoresDown: boolean;
}

export type Handler = (context: RequestContext) => Reply;

export interface Route {
  method: 'GET' | 'POST';
  /** Segments after /v2, e.g. 'groups/:id/statistics'. */
  pattern: string;
  handler: Handler;
}

/**
 * Matches decoded path segments against the route patterns. Routes are tried in order, so a literal
 * segment ('players/id/:id') must come before a parameter in the same place ('players/:username').
 */
export function matchRoute(
  routes: readonly Route[],
  method: string,
  segments: readonly string[],
): { route: Route; params: Record<string, string> } | null {
  for (const route of routes) {
    if (route.method !== method) continue;
    const parts = route.pattern.split('/');
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = parts.every((part, index) => {
      const segment = segments[index] ?? '';
      if (part.startsWith(':')) {
        params[part.slice(1)] = segment;
        return segment !== '';
      }
      return part === segment;
    });
    if (matches) return { route, params };
  }
  return null;
}
