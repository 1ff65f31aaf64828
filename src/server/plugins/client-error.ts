import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { defaultErrorMessage, type ErrorCode } from '#core/errors.ts';
import { toErrorReply } from './error-handler.ts';

interface ClientErrorReply {
  status: number;
  code: ErrorCode;
  message: string;
}

function replyFor(nodeCode: string | undefined): ClientErrorReply {
  if (nodeCode === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, code: 'REQUEST_TIMEOUT', message: defaultErrorMessage.REQUEST_TIMEOUT };
  if (nodeCode === 'HPE_HEADER_OVERFLOW')
    return { status: 431, code: 'VALIDATION_ERROR', message: 'The request headers are too large' };
  return { status: 400, code: 'VALIDATION_ERROR', message: 'The request is not valid HTTP' };
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser rejects (a malformed request line or
 * header, headers too large, a timeout) never reaches Fastify's error handler, so it is answered
 * here, in the API's `{code, message}` shape, and the connection is destroyed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // The client has gone: there is no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, message } = replyFor(error.code);
  const body = JSON.stringify({ code, message });
  if (socket.writable) {
    socket.write(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  // Closed from our side at once: a hostile client that never closes its end cannot keep it open.
  socket.destroy();
}

/**
 * Fastify's `frameworkErrors`: a URL that cannot be decoded, or a path parameter longer than the
 * router allows, is refused before routing, where the app's error handler is not reached; it is
 * answered with the same `{code, message}` that handler would give. No hook runs for it either, so
 * it is marked no-store here: it may be a path under /api/admin.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const { status, code, message } = toErrorReply(error);
  void reply.code(status).header('cache-control', 'no-store').send({ code, message });
}
