import type { IncomingMessage } from 'node:http';

export interface DrainBounds {
  maxBytes: number;
  maxMs: number;
}

/**
 * Reads and drops, without parsing, what is left of a request's body once it has been refused. A
 * client still sending into a socket the server has closed is answered with a reset, which can
 * reach it before it has read the answer (Node's fetch then reports the reset, not the 413): read
 * on, the client finishes sending, reads the answer and may reuse the connection. Past `maxBytes`
 * or `maxMs` the connection is cut: the answer has long been sent. Returns whether anything was left.
 */
export function drainUnreadBody(request: IncomingMessage, bounds: DrainBounds): boolean {
  // Nothing is left once the whole body has arrived (or, under inject, been read).
  if (request.complete || request.readableEnded) return false;
  // Whatever parsed the body stops here: what follows is dropped as it arrives.
  request.unpipe();
  let bytes = 0;
  const cut = () => request.destroy();
  const timer = setTimeout(cut, bounds.maxMs);
  const stop = () => clearTimeout(timer);
  request.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > bounds.maxBytes) cut();
  });
  request.once('end', stop);
  request.once('close', stop);
  request.resume();
  return true;
}
