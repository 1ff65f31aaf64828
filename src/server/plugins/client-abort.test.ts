import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOnce, openRawConnection } from '#test/raw-connection.ts';
import { startServerProcess, stopServerProcess, until, type ServerProcess } from '#test/server-process.ts';
import { startSimulator, type WomSimulator } from '#stand-ins/wom/index.ts';

interface LogLine {
  level: number;
  msg?: string;
  code?: string;
  reqId?: string;
}

const DEBUG = 20;
const ERROR = 50;

/** The JSON log lines the server printed after the first `from` characters of its output. */
function logLinesAfter(server: ServerProcess, from: number): LogLine[] {
  return server
    .output()
    .slice(from)
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

// The request never reaches a query: what is logged is the same on either database.
describe('a client that hangs up mid-request', () => {
  let simulator: WomSimulator;
  let server: ServerProcess;
  let dir: string;

  beforeAll(async () => {
    simulator = await startSimulator({ members: 5 });
    dir = mkdtempSync(join(tmpdir(), 'clan-abort-'));
    server = await startServerProcess({
      DATABASE_URL: `sqlite:${join(dir, 'clan.db')}`,
      WOM_GROUP_ID: String(simulator.groupId),
      WOM_BASE_URL: simulator.url,
      WOM_REQUESTS_PER_MINUTE: '10000',
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
    });
  }, 60_000);
  afterAll(async () => {
    await stopServerProcess(server, 'SIGKILL');
    await simulator.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is logged at debug, not as a database outage or an error, and the server answers on', async () => {
    const from = server.output().length;
    const connection = await openRawConnection(server.port);
    // Expect: 100-continue makes the server say when it has read the headers and waits for the body.
    connection.socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 60\r\nExpect: 100-continue\r\n\r\n',
    );
    await until('the server waits for the body', async () =>
      connection.received().startsWith('HTTP/1.1 100'),
    );
    connection.socket.write('{"username":"someone","pass');
    connection.socket.destroy();

    const lines = await until('the server has logged the request', async () => {
      const about = logLinesAfter(server, from).filter((line) => line.reqId !== undefined);
      return about.length > 0 ? about : null;
    });
    expect(lines.filter((line) => line.code === 'DATABASE_UNAVAILABLE')).toEqual([]);
    expect(lines.map((line) => line.level)).toEqual([DEBUG]);
    expect(logLinesAfter(server, from).filter((line) => line.level >= ERROR)).toEqual([]);
    expect(await getOnce(server.port, '/api/health')).toBe(200);
  });
});
