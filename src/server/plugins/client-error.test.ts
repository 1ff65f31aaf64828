import { connect } from 'node:net';
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/app.ts';
import { answerClientError } from './client-error.ts';

/** Sends raw bytes to the listening app and reads everything it answers until it closes. */
function sendRaw(port: number, request: string, end = true): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    if (end) socket.end(request);
    else socket.write(request);
  });
}

function parseResponse(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) as unknown };
}

describe('low-level client errors', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t.close());

  it.each([
    ['a malformed request line', 'HELLO THERE\r\n\r\n'],
    ['a header without a colon', 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nNot a header\r\n\r\n'],
    ['a NUL byte in a header', 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Evil: a\u0000b\r\n\r\n'],
  ])('answers %s with a JSON 400 {code, message}', async (_name, request) => {
    const response = parseResponse(await sendRaw(port, request));
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.body).toEqual({ code: 'VALIDATION_ERROR', message: 'The request is not valid HTTP' });
  });

  it('answers headers too large for Node with a JSON 431 {code, message}', async () => {
    const request = `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;
    const response = parseResponse(await sendRaw(port, request));
    expect(response.status).toBe(431);
    expect(response.body).toEqual({ code: 'VALIDATION_ERROR', message: 'The request headers are too large' });
  });

  it('answers a request that does not finish arriving in time with a JSON 408 {code, message}', async () => {
    const slow = Fastify({
      requestTimeout: 100,
      http: { connectionsCheckingInterval: 20 },
      clientErrorHandler: answerClientError,
    });
    await slow.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port: slowPort } = slow.server.address() as AddressInfo;
      // Headers never end: the server stops waiting and answers.
      const response = parseResponse(await sendRaw(slowPort, 'GET / HTTP/1.1\r\nHost: localhost\r\n', false));
      expect(response.status).toBe(408);
      expect(response.body).toEqual({
        code: 'REQUEST_TIMEOUT',
        message: 'The request took too long to arrive',
      });
    } finally {
      await slow.close();
    }
  });

  it('still answers a well-formed request on the same server', async () => {
    // Sent whole and left open, as a browser does: the answer closes it. (A client that half-closes
    // first gets no answer from a read still being built: Fastify takes the request as aborted.)
    const response = parseResponse(
      await sendRaw(port, 'GET /api/clan HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n', false),
    );
    expect(response.status).toBe(200);
  });

  it('answers a URL that cannot be decoded with a 400 {code, message}', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/users/%ZZ/admin' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['code', 'message']);
    expect(response.json().code).toBe('VALIDATION_ERROR');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers a path parameter longer than the router takes with a 414 {code, message}', async () => {
    const response = await t.app.inject({ method: 'POST', url: `/api/admin/users/${'1'.repeat(500)}/admin` });
    expect(response.statusCode).toBe(414);
    expect(Object.keys(response.json())).toEqual(['code', 'message']);
  });

  it('answers a body over the limit with a 413 {code, message}', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"username":"${'x'.repeat(1024 * 1024)}"}`,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'VALIDATION_ERROR', message: 'Request body is too large' });
  });
});
