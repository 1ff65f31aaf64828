import { STATUS_CODES, type ServerResponse } from 'node:http';
import { DISCORD_ERROR_CODES, type DiscordErrorBody } from './limits.ts';

/** A JSON answer (none with 204), as every route under /api gives. */
export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export const jsonReply = (status: number, body: unknown): Reply => ({ status, body });

export const noContent = (): Reply => ({ status: 204, body: null });

export const discordError = (status: number, message: string, code: number): Reply => ({
  status,
  body: { message, code } satisfies DiscordErrorBody,
});

/** Discord's answer for a status without a specific error, e.g. `{"message": "502: Bad Gateway", "code": 0}`. */
export const plainError = (status: number): Reply =>
  discordError(status, `${status}: ${STATUS_CODES[status] ?? 'Error'}`, 0);

export const unknownGuild = (): Reply => discordError(404, 'Unknown Guild', DISCORD_ERROR_CODES.unknownGuild);
export const unknownMember = (): Reply =>
  discordError(404, 'Unknown Member', DISCORD_ERROR_CODES.unknownMember);
export const unknownRole = (): Reply => discordError(404, 'Unknown Role', DISCORD_ERROR_CODES.unknownRole);
export const missingAccess = (): Reply =>
  discordError(403, 'Missing Access', DISCORD_ERROR_CODES.missingAccess);
export const missingPermissions = (): Reply =>
  discordError(403, 'Missing Permissions', DISCORD_ERROR_CODES.missingPermissions);

export function send(response: ServerResponse, reply: Reply): void {
  const body = reply.status === 204 ? Buffer.alloc(0) : Buffer.from(JSON.stringify(reply.body), 'utf8');
  const headers: Record<string, string | number> = { ...reply.headers, 'Content-Length': body.length };
  if (reply.status !== 204) headers['Content-Type'] = 'application/json';
  response.writeHead(reply.status, headers);
  response.end(body);
}

/** An HTML page: the OAuth2 authorize screen, which lives on Discord's website rather than its API. */
export function sendPage(response: ServerResponse, status: number, html: string): void {
  const body = Buffer.from(html, 'utf8');
  response.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': body.length,
    'Cache-Control': 'no-store',
  });
  response.end(body);
}

export function sendRedirect(response: ServerResponse, location: string): void {
  response.writeHead(302, { Location: location, 'Content-Length': 0, 'Cache-Control': 'no-store' });
  response.end();
}
