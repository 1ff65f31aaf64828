import type { FastifyInstance } from 'fastify';
import { writePrebuilt, type PrebuiltBody } from './prebuilt-body.ts';

/** The body a path answers with for this query string, if it is built for the current data. */
export type ReadyBody = (query: string) => PrebuiltBody | undefined;

export interface PublicReads {
  /**
   * Answers `GET path` before any other work whenever `ready` has its body; otherwise the request
   * goes on to the route, which builds the body (and so makes it ready for the next one).
   */
  add(path: string, ready: ReadyBody, status?: number): void;
}

/**
 * One `onRequest` hook, registered ahead of the session, guard and `onSend` hooks, that answers the
 * public reads with their prebuilt bytes (or a 304) straight onto the socket. Those reads need none
 * of that work: they are the same for everyone, their revision is known in memory, and the security
 * headers are already on the response (registered before this hook).
 */
export function registerPublicReads(app: FastifyInstance): PublicReads {
  const reads = new Map<string, { ready: ReadyBody; status: number }>();
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET') return done();
    const url = request.raw.url ?? '';
    const mark = url.indexOf('?');
    const read = reads.get(mark === -1 ? url : url.slice(0, mark));
    const body = read?.ready(mark === -1 ? '' : url.slice(mark + 1));
    if (!read || !body) return done();
    reply.hijack();
    writePrebuilt(request.raw, reply.raw, body, read.status);
  });
  return {
    add(path, ready, status = 200) {
      reads.set(path, { ready, status });
    },
  };
}

/** A read that takes no query: any query string goes to the route, which answers it as it should. */
export function withoutQuery(ready: () => PrebuiltBody | undefined): ReadyBody {
  return (query) => (query === '' ? ready() : undefined);
}
