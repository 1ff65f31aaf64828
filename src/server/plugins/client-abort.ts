function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

/**
 * The client hung up before its request arrived in full: Node resets the request stream with an
 * 'aborted' ECONNRESET, and a stream piped from it closes early. Nothing is wrong on our side and
 * nobody is left to answer.
 */
export function isClientAbort(error: unknown): boolean {
  const code = codeOf(error);
  if (code === 'ERR_STREAM_PREMATURE_CLOSE') return true;
  return code === 'ECONNRESET' && error instanceof Error && error.message === 'aborted';
}

/**
 * An error Fastify raised about the request itself (reading or parsing its body) carries the 4xx
 * status it stamped on it; a database driver's errors never carry one.
 */
export function isAboutTheRequest(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return false;
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}
