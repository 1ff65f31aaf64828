import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A loopback HTTP load balancer in front of several servers: each request goes to the next backend
 * in turn, over a connection of its own, so round robin alternates whatever the client keeps alive.
 * A backend that cannot answer makes that request fail (502); nothing is retried elsewhere, because
 * a write the backend may have committed must not run twice.
 */
export interface RoundRobinProxy {
  /** Where clients send their requests. */
  readonly url: string;
  /** Requests handed to each backend, in the order the backends were given. */
  readonly served: readonly number[];
  /** Requests whose answer each backend began to send. */
  readonly answered: readonly number[];
  /** Requests each backend did not answer (refused, reset, or died mid-answer). */
  readonly failed: readonly number[];
  close(): Promise<void>;
}

interface Backend {
  host: string;
  port: number;
}

/** Appends the peer's address, as a proxy that the servers trust (TRUST_PROXY) must. */
function forwardedFor(request: IncomingMessage): string {
  const peer = request.socket.remoteAddress ?? 'unknown';
  const earlier = request.headers['x-forwarded-for'];
  return earlier ? `${String(earlier)}, ${peer}` : peer;
}

export async function startRoundRobinProxy(backends: readonly Backend[]): Promise<RoundRobinProxy> {
  const served = backends.map(() => 0);
  const answered = backends.map(() => 0);
  const failed = backends.map(() => 0);
  let next = 0;

  function pass(request: IncomingMessage, response: ServerResponse): void {
    const index = next;
    next = (next + 1) % backends.length;
    served[index]! += 1;
    let failedOnce = false;
    const fail = () => {
      // A connection dying mid-answer reports on both the request and the answer: count it once.
      if (failedOnce) return;
      failedOnce = true;
      failed[index]! += 1;
      // Before the answer started, say so; after, cut it off so the client sees a broken answer.
      if (response.headersSent) response.destroy();
      else response.writeHead(502, { 'content-type': 'text/plain' }).end('backend unavailable');
    };
    const upstream = forward(
      {
        ...backends[index],
        method: request.method,
        path: request.url,
        headers: {
          ...request.headers,
          connection: 'close',
          'x-forwarded-for': forwardedFor(request),
          'x-forwarded-proto': 'http',
        },
        agent: false,
      },
      (answer) => {
        answered[index]! += 1;
        response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(response);
        answer.on('error', fail);
        answer.on('aborted', fail);
      },
    );
    upstream.on('error', fail);
    request.pipe(upstream);
  }

  const listener = createServer(pass);
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const address = listener.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no TCP port');

  return {
    url: `http://127.0.0.1:${address.port}`,
    served,
    answered,
    failed,
    async close() {
      listener.closeAllConnections();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    },
  };
}
