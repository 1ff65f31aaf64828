import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { dripBody, getOnce, openRawConnection, statusOf, type RawConnection } from '#test/raw-connection.ts';
import { until } from '#test/server-process.ts';

const SLOW_CLIENTS = 30;

// Connections are handled before any route or query, the same on either database.
describe('slow and greedy clients', () => {
  let t: TestApp | undefined;
  const connections: RawConnection[] = [];
  afterEach(async () => {
    for (const connection of connections.splice(0)) connection.socket.destroy();
    await t?.close();
    t = undefined;
  });

  /** The app listening on a free loopback port with `env` as its configuration. */
  async function listening(env: Record<string, string>): Promise<number> {
    t = await createTestApp('sqlite', { env });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    return (t.app.server.address() as AddressInfo).port;
  }

  async function connect(port: number, localAddress?: string): Promise<RawConnection> {
    const connection = await openRawConnection(port, localAddress);
    connections.push(connection);
    return connection;
  }

  it('answers bodies sent a byte at a time with 408 and closes them, while /api/health keeps answering', async () => {
    const port = await listening({ REQUEST_TIMEOUT_SECONDS: '1', MAX_CONNECTIONS_PER_ADDRESS: '0' });
    const slow = await Promise.all(Array.from({ length: SLOW_CLIENTS }, () => connect(port)));
    for (const connection of slow) dripBody(connection, '/api/auth/login', 1000, 100);

    expect(await getOnce(port, '/api/health')).toBe(200);

    await Promise.all(slow.map((connection) => connection.closed));
    // The 408 is written just before the close; a reset racing it may drop it, never turn it into another answer.
    const answers = new Set(slow.map((connection) => statusOf(connection.received())));
    expect([...answers].filter((status) => status !== 408 && status !== null)).toEqual([]);
    expect(answers.has(408)).toBe(true);
  });

  it('closes a connection that never sends its request', async () => {
    const port = await listening({ REQUEST_TIMEOUT_SECONDS: '1' });
    const silent = await connect(port);
    await silent.closed;
    expect([null, 408]).toContain(statusOf(silent.received()));
  });

  it('closes a kept-alive connection that stays idle past the keep-alive timeout', async () => {
    const port = await listening({ KEEP_ALIVE_TIMEOUT_SECONDS: '1' });
    const kept = await connect(port);
    kept.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await kept.closed;
    expect(statusOf(kept.received())).toBe(200);
  });

  it('closes at once a connection over the per-address cap, while another address is served', async () => {
    const port = await listening({ MAX_CONNECTIONS_PER_ADDRESS: '4', KEEP_ALIVE_TIMEOUT_SECONDS: '600' });
    const held = await Promise.all(Array.from({ length: 4 }, () => connect(port, '127.0.0.2')));
    // Answered on a kept-alive connection: the server has counted each of the four.
    for (const connection of held) {
      connection.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
      await until('the health check is answered', async () => statusOf(connection.received()));
    }

    const overCap = await connect(port, '127.0.0.2');
    overCap.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await overCap.closed;
    expect(overCap.received()).toBe('');
    expect(held.some((connection) => connection.isClosed())).toBe(false);

    expect(await getOnce(port, '/api/health', '127.0.0.3')).toBe(200);

    held[0]!.socket.destroy();
    await until(
      'a freed place takes a new connection',
      async () => (await getOnce(port, '/api/health', '127.0.0.2')) === 200,
    );
  });
});
