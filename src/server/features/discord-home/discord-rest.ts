import type { DiscordAnswer } from '#core/discord/delivery-outcome.ts';
import {
  DISCORD_TIMEOUT_MS,
  DiscordUnreachableError,
  readBody,
  unreachableReason,
} from '../discord/discord-client.ts';

/** Discord's REST API version the site speaks (users, guild members, roles, commands, OAuth2 tokens). */
const API_VERSION = 'v10';

/**
 * Where REST calls and the token exchange go: DISCORD_API_BASE_URL (the stand-in) when set, else
 * Discord itself.
 */
export function discordApiRoot(apiBaseUrl: string | null): string {
  return `${(apiBaseUrl ?? 'https://discord.com').replace(/\/+$/, '')}/api/${API_VERSION}`;
}

/** Discord answered something other than success; the answer is kept for the caller's decision. */
export class DiscordRestError extends Error {
  override name = 'DiscordRestError';
  constructor(readonly answer: DiscordAnswer) {
    super(restMessage(answer));
  }

  /** Discord's JSON error code (10007 Unknown Member, 50013 Missing Permissions …), or null. */
  get code(): number | null {
    const code = field(this.answer.body, 'code');
    return typeof code === 'number' ? code : null;
  }
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

/** "403 Missing Permissions", "400 invalid_grant" or "HTTP 502": Discord's words, never a token. */
function restMessage(answer: DiscordAnswer): string {
  const message = field(answer.body, 'message') ?? field(answer.body, 'error');
  return typeof message === 'string' ? `${answer.status} ${message}` : `HTTP ${answer.status}`;
}

export interface RestCall {
  root: string;
  method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST';
  path: string;
  /** `Bot <token>` or `Bearer <token>`; a token exchange authenticates in its form instead. */
  authorization?: string;
  json?: unknown;
  form?: Record<string, string>;
  /** Shown in the server's audit log on Discord (role changes). */
  auditReason?: string;
}

/** One REST call; resolves with Discord's answer on 2xx and throws DiscordRestError on any other. */
export async function discordRest(call: RestCall): Promise<DiscordAnswer> {
  const headers: Record<string, string> = { 'user-agent': 'clan-site (self-hosted, 1.0)' };
  if (call.authorization) headers.authorization = call.authorization;
  if (call.auditReason) headers['x-audit-log-reason'] = encodeURIComponent(call.auditReason);
  let body: string | undefined;
  if (call.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(call.json);
  } else if (call.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(call.form).toString();
  }
  let answer: DiscordAnswer;
  try {
    const response = await fetch(`${call.root}${call.path}`, {
      method: call.method,
      headers,
      ...(body === undefined ? {} : { body }),
      redirect: 'error',
      signal: AbortSignal.timeout(DISCORD_TIMEOUT_MS),
    });
    answer = {
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: await readBody(response),
    };
  } catch (error) {
    throw new DiscordUnreachableError(unreachableReason(error));
  }
  if (answer.status < 200 || answer.status >= 300) throw new DiscordRestError(answer);
  return answer;
}
