import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpError, badRequest } from '../http/http-error.ts';
import { registerErrorHandler } from './error-handler.ts';

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

const WARN = 40;
const ERROR = 50;

/** A driver-like failure: the same throw site each time, the caller's input in the message. */
function failQuery(input: string): never {
  throw Object.assign(new Error(`could not read block for "${input}"`), { code: 'XX001' });
}

describe('error handler logging', () => {
  let app: FastifyInstance;
  let lines: LogLine[];

  beforeEach(async () => {
    lines = [];
    app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
      logController: new LogController({ disableRequestLogging: true }),
    });
    registerErrorHandler(app);
    app.get('/query', async (request) => failQuery(String((request.query as { q?: string }).q)));
    app.get('/bug', async () => {
      throw new TypeError('Cannot read properties of undefined');
    });
    app.get('/invalid', async () => {
      throw badRequest('No good');
    });
    app.get('/wom', async () => {
      throw new HttpError(503, 'WOM_UNAVAILABLE');
    });
    app.get('/terminated', async () => {
      throw Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      });
    });
    app.get('/deadlock', async () => {
      throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
    });
    app.get('/out-of-range', async () => {
      throw Object.assign(new Error('value "2147483648" is out of range for type integer'), {
        code: '22003',
      });
    });
    app.get('/statement-timeout', async () => {
      throw Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    });
    app.get('/dropped', async () => {
      throw new Error('Connection terminated unexpectedly');
    });
    app.get('/database-socket-reset', async () => {
      throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' });
    });
    // What Fastify hands on when the request stream fails while it reads the body: a 400 stamped on it.
    app.get('/client-hung-up', async () => {
      throw Object.assign(new Error('aborted'), { code: 'ECONNRESET', statusCode: 400 });
    });
    app.get('/body-stream-closed-early', async () => {
      throw Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    });
    app.get('/body-read-timed-out', async () => {
      throw Object.assign(new Error('read ETIMEDOUT'), { code: 'ETIMEDOUT', statusCode: 400 });
    });
    await app.ready();
  });
  afterEach(async () => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url });
  const withStack = () => lines.filter((line) => JSON.stringify(line).includes('    at '));

  it('logs the stack of a kind of server error once, then one short line per failing request', async () => {
    for (const q of ['a', 'b', 'c', 'x'.repeat(5000)]) {
      const response = await get(`/query?q=${q}`);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        code: 'INTERNAL_ERROR',
        message: 'Something went wrong on our side',
      });
    }
    expect(lines).toHaveLength(4);
    expect(lines.every((line) => line.level === ERROR && line.route === 'GET /query')).toBe(true);
    expect(withStack()).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request failed', err: { type: 'Error', code: 'XX001' } });
    expect(lines[1]).toMatchObject({
      msg: 'request failed (stack logged before)',
      error: 'Error: could not read block for "b"',
    });
    expect(JSON.stringify(lines[3]).length).toBeLessThan(1000);
  });

  it('logs the stack of each new kind of server error', async () => {
    await get('/query?q=a');
    await get('/bug');
    await get('/bug');
    await get('/query?q=b');
    expect(withStack().map((line) => (line.err as { type: string }).type)).toEqual(['Error', 'TypeError']);
  });

  it('logs an expected 503 from WOM as a warning without a stack', async () => {
    const response = await get('/wom');
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('WOM_UNAVAILABLE');
    expect(lines).toEqual([
      expect.objectContaining({
        level: WARN,
        code: 'WOM_UNAVAILABLE',
        msg: 'Wise Old Man is not answering right now. Please try again in a minute.',
      }),
    ]);
    expect(withStack()).toEqual([]);
  });

  it('answers a lost database connection or a statement timeout with a 503 and logs it as a warning without a stack', async () => {
    for (const url of ['/terminated', '/dropped', '/statement-timeout', '/database-socket-reset']) {
      const response = await get(url);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        code: 'DATABASE_UNAVAILABLE',
        message: 'The site cannot reach its database right now. Please try again in a moment.',
      });
    }
    expect(lines.map((line) => [line.level, line.code])).toEqual(
      Array(4).fill([WARN, 'DATABASE_UNAVAILABLE']),
    );
    expect(withStack()).toEqual([]);
  });

  it('answers a deadlock that outlived its retries with 409, and a value the database refuses with 400', async () => {
    const deadlock = await get('/deadlock');
    expect(deadlock.statusCode).toBe(409);
    expect(deadlock.json()).toEqual({ code: 'CONFLICT', message: 'That conflicts with existing data' });
    const outOfRange = await get('/out-of-range');
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'A value in the request is not valid',
    });
    expect(lines).toEqual([]);
  });

  it('answers a client that hung up mid-body with 400, not as a database outage, and logs nothing above debug', async () => {
    for (const url of ['/client-hung-up', '/body-stream-closed-early']) {
      const response = await get(url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'The request did not arrive in full',
      });
    }
    expect(lines).toEqual([]);
  });

  it('never takes a socket error while reading the request for a lost database connection', async () => {
    const response = await get('/body-read-timed-out');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
    expect(lines).toEqual([]);
  });

  it('logs nothing for a client error', async () => {
    const response = await get('/invalid');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION_ERROR', message: 'No good' });
    expect(lines).toEqual([]);
  });
});
