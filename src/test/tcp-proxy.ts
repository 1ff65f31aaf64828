import { createConnection, createServer, type Socket } from 'node:net';

/**
 * A loopback TCP proxy in front of a server that can go silent the way a dropped network or a
 * vanished host does: no error, no close, just nothing arriving.
 */
export interface TcpProxy {
  /** `url` with its host and port replaced by the proxy's, so a client connects through it. */
  routeTo(url: string): string;
  /** Connections carried through to the server now. */
  readonly connections: number;
  /**
   * Stops forwarding: open connections keep their sockets but carry nothing either way, and new
   * ones are accepted but never reach the server.
   */
  blackhole(): void;
  /** Forwards again: what waited is delivered, and connections accepted meanwhile reach the server. */
  restore(): void;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  server: Socket;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let silent = false;
  const pairs = new Set<Pair>();
  /** Accepted while silent: their bytes wait in the socket until `restore`. */
  const waiting = new Set<Socket>();

  function forward(client: Socket): void {
    const server = createConnection(target);
    const pair = { client, server };
    pairs.add(pair);
    client.on('data', (chunk) => server.write(chunk));
    server.on('data', (chunk) => client.write(chunk));
    // A close or a reset on one side reaches the other, as it would across a working network.
    client.on('close', () => server.end());
    server.on('close', () => client.end());
    for (const socket of [client, server]) {
      socket.on('error', () => {
        client.destroy();
        server.destroy();
      });
      socket.on('close', () => pairs.delete(pair));
    }
    if (silent) {
      client.pause();
      server.pause();
    } else {
      client.resume();
      server.resume();
    }
  }

  const listener = createServer((client) => {
    if (!silent) return forward(client);
    client.pause();
    waiting.add(client);
    client.on('error', () => client.destroy());
    client.on('close', () => waiting.delete(client));
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const address = listener.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no TCP port');

  return {
    routeTo(url) {
      const routed = new URL(url);
      routed.hostname = '127.0.0.1';
      routed.port = String(address.port);
      return routed.toString();
    },
    get connections() {
      return pairs.size;
    },
    blackhole() {
      silent = true;
      for (const { client, server } of pairs) {
        client.pause();
        server.pause();
      }
    },
    restore() {
      silent = false;
      for (const { client, server } of pairs) {
        client.resume();
        server.resume();
      }
      for (const client of waiting) {
        waiting.delete(client);
        forward(client);
      }
    },
    async close() {
      for (const { client, server } of pairs) {
        client.destroy();
        server.destroy();
      }
      for (const client of waiting) client.destroy();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    },
  };
}
