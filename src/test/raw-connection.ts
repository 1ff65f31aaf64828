import { connect, type Socket } from 'node:net';

/** One TCP connection to a listening server, written byte by byte as a test needs. */
export interface RawConnection {
  socket: Socket;
  /** Everything the server has sent so far. */
  received(): string;
  /** Settles when the connection has closed, whichever side closed it. */
  closed: Promise<void>;
  isClosed(): boolean;
  /** What went wrong on the socket (a reset, a write after the server closed), or null. */
  error(): Error | null;
}

/**
 * Connects from `localAddress` (any of 127.0.0.0/8 is this machine's on Linux, so a test can be
 * several clients) and resolves once connected. A write the server has cut off is not an error:
 * the test reads what happened from `received`, `closed` and `error`. `allowHalfOpen` keeps the
 * client sending after the server has finished its side, as an HTTP client sending a body does.
 */
export function openRawConnection(
  port: number,
  localAddress = '127.0.0.1',
  options: { allowHalfOpen?: boolean } = {},
): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress, allowHalfOpen: options.allowHalfOpen });
    let text = '';
    let isClosed = false;
    let failure: Error | null = null;
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    const closed = new Promise<void>((settle) =>
      socket.once('close', () => {
        isClosed = true;
        settle();
      }),
    );
    socket.once('connect', () => {
      socket.removeListener('error', reject);
      socket.on('error', (error) => (failure = error));
      resolve({ socket, received: () => text, closed, isClosed: () => isClosed, error: () => failure });
    });
    socket.once('error', reject);
  });
}

/** The status code of the first response in `raw`, or null when nothing (or no HTTP) arrived. */
export function statusOf(raw: string): number | null {
  const match = /^HTTP\/1\.1 (\d{3}) /.exec(raw);
  return match ? Number(match[1]) : null;
}

/** A complete GET that closes the connection once answered; resolves with the status (null: none). */
export async function getOnce(port: number, path: string, localAddress?: string): Promise<number | null> {
  const connection = await openRawConnection(port, localAddress);
  connection.socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
  await connection.closed;
  return statusOf(connection.received());
}

/**
 * Sends a JSON POST's headers announcing `contentLength` bytes and then one byte of body every
 * `everyMs`, never finishing: the slow client that holds a connection open. Stops when it closes.
 */
export function dripBody(
  connection: RawConnection,
  path: string,
  contentLength: number,
  everyMs: number,
): void {
  connection.socket.write(
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${contentLength}\r\n\r\n{`,
  );
  const drip = setInterval(() => connection.socket.write(' '), everyMs);
  void connection.closed.then(() => clearInterval(drip));
}
