import type { FastifyRequest } from 'fastify';

/** Kinds of failure remembered before starting afresh: a few dozen throw sites exist at most. */
const REMEMBERED_KINDS = 100;
/** A driver message or a path can quote the input that broke it; the log needs the start, not a megabyte. */
const MESSAGE_CHARS = 300;

/**
 * Two failures are the same kind when they have the same type, driver code and throw site. The
 * message is left out: it can carry input, and a hostile client would otherwise make every failure
 * look new.
 */
function kindOf(error: Error): string {
  const code = 'code' in error ? String(error.code) : '';
  const site = error.stack?.split('\n').find((line) => line.trimStart().startsWith('at ')) ?? '';
  return `${error.name}|${code}|${site.trim()}`;
}

const cut = (text: string) => (text.length > MESSAGE_CHARS ? `${text.slice(0, MESSAGE_CHARS)}…` : text);

/**
 * Logs a request that failed with an unexpected error (a 5xx). The first failure of each kind is
 * logged with its stack; later ones of that kind get one short line each, so a flood of failing
 * requests cannot fill the disk with the same stack.
 */
export function createFailureLog(): (request: FastifyRequest, error: Error) => void {
  const logged = new Set<string>();
  return (request, error) => {
    const route = cut(`${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`);
    const kind = kindOf(error);
    if (logged.has(kind)) {
      request.log.error(
        { route, error: cut(`${error.name}: ${error.message}`) },
        'request failed (stack logged before)',
      );
      return;
    }
    if (logged.size >= REMEMBERED_KINDS) logged.clear();
    logged.add(kind);
    request.log.error({ route, err: error }, 'request failed');
  };
}
