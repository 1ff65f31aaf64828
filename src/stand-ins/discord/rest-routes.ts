import type { IncomingMessage } from 'node:http';
import type { StandInApplication } from './application.ts';
import { commandListError, overwriteCommands } from './commands.ts';
import type { DiscordUser, GuildStore, RoleChangeResult } from './guilds.ts';
import type { OAuthGrants, TokenHolder } from './oauth-grants.ts';
import { revokeReply, tokenReply } from './oauth.ts';
import {
  jsonReply,
  missingAccess,
  missingPermissions,
  noContent,
  plainError,
  unknownGuild,
  unknownMember,
  unknownRole,
  type Reply,
} from './replies.ts';
import { readJsonValue } from './request-body.ts';
import type { Snowflakes } from './snowflakes.ts';

export interface RestDeps {
  application: StandInApplication;
  guilds: GuildStore;
  grants: OAuthGrants;
  ids: Snowflakes;
}

/** Who is calling: the bot, a user through an OAuth2 access token, or nobody Discord knows. */
export type Caller = { kind: 'bot' } | ({ kind: 'user' } & TokenHolder) | { kind: 'unknown' };

export interface RouteCall {
  request: IncomingMessage;
  caller: Caller;
  /** A path parameter by its name in the route, e.g. `guild.id`. */
  param(name: string): string;
}

export interface RestRoute {
  method: string;
  /** Discord's route, its parameters named as the reference names them. */
  route: string;
  /**
   * The parameter Discord keeps this route's buckets per (a guild), or null for one bucket per
   * caller; the OAuth2 routes are the client's, and take no bot or user token.
   */
  major: string | null;
  handle(call: RouteCall, deps: RestDeps): Reply | Promise<Reply>;
}

const unauthorized = (): Reply => plainError(401);

/** Reads `Authorization`: `Bot <token>` for the bot, `Bearer <token>` for a user's access token. */
export function callerOf(request: IncomingMessage, deps: RestDeps): Caller {
  const header = request.headers.authorization ?? '';
  const [scheme = '', token = ''] = header.split(/\s+/, 2);
  if (scheme.toLowerCase() === 'bot' && token === deps.application.botToken) return { kind: 'bot' };
  if (scheme.toLowerCase() === 'bearer') {
    const holder = deps.grants.holder(token);
    if (holder !== undefined) return { kind: 'user', ...holder };
  }
  return { kind: 'unknown' };
}

/** `/users/@me` with the `email` scope also gives the address (the stand-in's are all example.com). */
function userWithScopes(user: DiscordUser, scopes: readonly string[]): DiscordUser {
  return scopes.includes('email') ? { ...user, email: `${user.username}@example.com`, verified: true } : user;
}

function roleChangeReply(result: RoleChangeResult): Reply {
  switch (result) {
    case 'done':
      return noContent();
    case 'unknown-guild':
      return unknownGuild();
    case 'unknown-member':
      return unknownMember();
    case 'unknown-role':
      return unknownRole();
    case 'denied':
      return missingPermissions();
  }
}

/** A bot route: 401 without the bot's token, as Discord answers a missing or wrong one. */
const asBot =
  (handle: (call: RouteCall, deps: RestDeps) => Reply | Promise<Reply>) =>
  (call: RouteCall, deps: RestDeps): Reply | Promise<Reply> =>
    call.caller.kind === 'bot' ? handle(call, deps) : unauthorized();

const changeRole = (change: 'add' | 'remove') =>
  asBot((call, deps) =>
    roleChangeReply(
      deps.guilds.changeRole(call.param('guild.id'), call.param('user.id'), call.param('role.id'), change),
    ),
  );

/** The bot's commands route names its application; another application's is not the bot's to read. */
function commandsGuild(call: RouteCall, deps: RestDeps): Reply | string {
  if (call.param('application.id') !== deps.application.id) return missingAccess();
  const guildId = call.param('guild.id');
  return deps.guilds.hasGuild(guildId) ? guildId : unknownGuild();
}

/** The routes the site calls for sign-in, rank-role sync and slash commands, as Discord serves them. */
const REST_ROUTES: readonly RestRoute[] = [
  {
    method: 'POST',
    route: '/oauth2/token',
    major: null,
    handle: (call, deps) => tokenReply(deps, call.request),
  },
  {
    method: 'POST',
    route: '/oauth2/token/revoke',
    major: null,
    handle: (call, deps) => revokeReply(deps, call.request),
  },
  {
    method: 'GET',
    route: '/users/@me',
    major: null,
    handle: ({ caller }, deps) => {
      // A bot may ask who it is; a user's token needs `identify` (or `email`, which implies it).
      if (caller.kind === 'bot') return jsonReply(200, deps.guilds.user(deps.application.id));
      if (caller.kind !== 'user' || !caller.scopes.some((scope) => scope === 'identify' || scope === 'email'))
        return unauthorized();
      const user = deps.guilds.user(caller.userId);
      return user === undefined ? unauthorized() : jsonReply(200, userWithScopes(user, caller.scopes));
    },
  },
  {
    method: 'GET',
    route: '/users/@me/guilds/{guild.id}/member',
    major: 'guild.id',
    handle: (call, deps) => {
      const { caller } = call;
      if (caller.kind !== 'user' || !caller.scopes.includes('guilds.members.read')) return unauthorized();
      // A guild the user is not in is, to them, a guild that does not exist.
      const member = deps.guilds.member(call.param('guild.id'), caller.userId);
      return member === undefined ? unknownGuild() : jsonReply(200, member);
    },
  },
  {
    method: 'GET',
    route: '/guilds/{guild.id}/roles',
    major: 'guild.id',
    handle: asBot((call, deps) => {
      const roles = deps.guilds.roles(call.param('guild.id'));
      return roles === undefined ? unknownGuild() : jsonReply(200, roles);
    }),
  },
  {
    method: 'GET',
    route: '/guilds/{guild.id}/members/{user.id}',
    major: 'guild.id',
    handle: asBot((call, deps) => {
      const guildId = call.param('guild.id');
      if (!deps.guilds.hasGuild(guildId)) return unknownGuild();
      const member = deps.guilds.member(guildId, call.param('user.id'));
      return member === undefined ? unknownMember() : jsonReply(200, member);
    }),
  },
  {
    method: 'PUT',
    route: '/guilds/{guild.id}/members/{user.id}/roles/{role.id}',
    major: 'guild.id',
    handle: changeRole('add'),
  },
  {
    method: 'DELETE',
    route: '/guilds/{guild.id}/members/{user.id}/roles/{role.id}',
    major: 'guild.id',
    handle: changeRole('remove'),
  },
  {
    method: 'GET',
    route: '/applications/{application.id}/guilds/{guild.id}/commands',
    major: 'guild.id',
    handle: asBot((call, deps) => {
      const guildId = commandsGuild(call, deps);
      return typeof guildId === 'string' ? jsonReply(200, deps.guilds.commands(guildId)) : guildId;
    }),
  },
  {
    method: 'PUT',
    route: '/applications/{application.id}/guilds/{guild.id}/commands',
    major: 'guild.id',
    handle: asBot(async (call, deps) => {
      const guildId = commandsGuild(call, deps);
      if (typeof guildId !== 'string') return guildId;
      const body = await readJsonValue(call.request);
      const error = commandListError(body);
      if (error !== null || !Array.isArray(body)) return jsonReply(400, error);
      const commands = overwriteCommands(
        deps.guilds.commands(guildId) ?? [],
        body as Record<string, unknown>[],
        deps.ids,
        deps.application.id,
        guildId,
      );
      deps.guilds.setCommands(guildId, commands);
      return jsonReply(200, commands);
    }),
  },
];

interface CompiledRoute {
  route: RestRoute;
  pattern: RegExp;
  names: string[];
}

const compile = (route: RestRoute): CompiledRoute => {
  const names: string[] = [];
  const source = route.route
    .split('/')
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment)?.[1];
      if (param === undefined) return segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      names.push(param);
      return '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}/?$`), names };
};

const COMPILED = REST_ROUTES.map(compile);

/** `/api/v10/guilds/…`: Discord's API under /api, with or without a version. */
const API_PREFIX = /^\/api(?:\/v\d+)?(?=\/)/;

export interface MatchedRoute {
  route: RestRoute;
  /** The path after the /api prefix, e.g. `/guilds/123/roles`. */
  path: string;
  params: ReadonlyMap<string, string>;
}

/** A path segment as sent when it is not valid percent-encoding, as a lenient router reads it. */
export const decodeSegment = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * The route a request path and method name; 'method-not-allowed' when the path is a route's but the
 * method is not; null when Discord has no such route here.
 */
export function matchRoute(method: string, pathname: string): MatchedRoute | 'method-not-allowed' | null {
  const prefix = API_PREFIX.exec(pathname);
  if (prefix === null) return null;
  const path = pathname.slice(prefix[0].length);
  let pathKnown = false;
  for (const { route, pattern, names } of COMPILED) {
    const match = pattern.exec(path);
    if (match === null) continue;
    pathKnown = true;
    if (route.method !== method) continue;
    const params = new Map(names.map((name, index) => [name, decodeSegment(match[index + 1] ?? '')]));
    return { route, path, params };
  }
  return pathKnown ? 'method-not-allowed' : null;
}
