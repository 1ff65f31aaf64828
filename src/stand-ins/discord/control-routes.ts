import type { DiscordStandIn } from './index.ts';

/** What the control routes may do to a running stand-in: its test knobs. */
export type StandInControls = Pick<
  DiscordStandIn,
  | 'requests'
  | 'createWebhook'
  | 'deleteWebhook'
  | 'received'
  | 'resetReceived'
  | 'rateLimitNext'
  | 'failNext'
  | 'hangNext'
  | 'setRandomFailures'
  | 'resetFaults'
  | 'addUser'
  | 'memberRoles'
  | 'setMemberRoles'
  | 'removeMember'
  | 'denyRoleChanges'
  | 'registeredCommands'
  | 'sendInteraction'
  | 'resetState'
>;

export const CONTROL_PREFIX = '/__control';

export interface ControlReply {
  status: number;
  body: unknown;
}

const done = (): ControlReply => ({ status: 200, body: { ok: true } });
const refused = (message: string): ControlReply => ({ status: 400, body: { message } });

const optionalString = (value: unknown): value is string | undefined =>
  value === undefined || typeof value === 'string';
const optionalBoolean = (value: unknown): value is boolean | undefined =>
  value === undefined || typeof value === 'boolean';
const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

const MEMBER_ROLES = /^\/guilds\/([^/]+)\/members\/([^/]+)\/roles$/;
const MEMBER_REMOVE = /^\/guilds\/([^/]+)\/members\/([^/]+)\/remove$/;
const ROLE_DENY = /^\/roles\/([^/]+)\/deny$/;
const COMMANDS = /^\/commands\/([^/]+)$/;

/** The site's answer to a signed interaction: its status and its body (JSON when it parses). */
async function interactionReply(
  controls: StandInControls,
  body: Record<string, unknown>,
): Promise<ControlReply> {
  const { url, interaction } = body;
  if (typeof url !== 'string' || typeof interaction !== 'object' || interaction === null)
    return refused('Send {url, interaction}');
  let response: Response;
  try {
    response = await controls.sendInteraction(url, interaction);
  } catch (error) {
    return { status: 502, body: { message: `Could not reach ${url}: ${String(error)}` } };
  }
  const text = await response.text();
  let answered: unknown = text;
  try {
    answered = JSON.parse(text);
  } catch {
    // Not JSON: the text as it came.
  }
  return { status: 200, body: { status: response.status, body: answered } };
}

/** The routes that name a guild, a member, a role or a guild's commands in their path. */
function pathRouteReply(
  controls: StandInControls,
  method: string,
  path: string,
  body: Record<string, unknown>,
): ControlReply | null {
  const memberRoles = MEMBER_ROLES.exec(path);
  if (memberRoles !== null) {
    const [, guildId = '', userId = ''] = memberRoles;
    if (method === 'GET') {
      const roles = controls.memberRoles(guildId, userId);
      return roles === undefined
        ? { status: 404, body: { message: `User ${userId} is not in guild ${guildId}` } }
        : { status: 200, body: { roles } };
    }
    if (method === 'POST') {
      if (!isStringList(body.roles)) return refused('Send {roles} as a list of role ids');
      controls.setMemberRoles(guildId, userId, body.roles);
      return done();
    }
  }
  const removal = MEMBER_REMOVE.exec(path);
  if (removal !== null && method === 'POST') {
    controls.removeMember(removal[1] ?? '', removal[2] ?? '');
    return done();
  }
  const deny = ROLE_DENY.exec(path);
  if (deny !== null && method === 'POST') {
    controls.denyRoleChanges(deny[1] ?? '');
    return done();
  }
  const commands = COMMANDS.exec(path);
  if (commands !== null && method === 'GET')
    return { status: 200, body: controls.registeredCommands(commands[1] ?? '') };
  return null;
}

function userReply(controls: StandInControls, body: Record<string, unknown>): ControlReply {
  const { id, username, globalName, guildMember, roles } = body;
  if (
    typeof username !== 'string' ||
    !optionalString(id) ||
    !(globalName === null || optionalString(globalName)) ||
    !optionalBoolean(guildMember) ||
    !(roles === undefined || isStringList(roles))
  )
    return refused('Send {username, id?, globalName?, guildMember?, roles?}');
  const user = controls.addUser({
    username,
    ...(id === undefined ? {} : { id }),
    ...(globalName === undefined ? {} : { globalName }),
    ...(guildMember === undefined ? {} : { guildMember }),
    ...(roles === undefined ? {} : { roles }),
  });
  return { status: 201, body: user };
}

/**
 * The test knobs over HTTP, for a stand-in that journeys or a demo reach only over the network: read
 * and reset what arrived, create and delete webhooks, script faults, change guild members "behind
 * the site's back", add users, read registered commands and send signed interactions. Served only
 * when the stand-in is started with `control: true`; never part of Discord's API.
 */
export async function controlReply(
  controls: StandInControls,
  method: string,
  url: URL,
  body: Record<string, unknown>,
): Promise<ControlReply> {
  const path = url.pathname.slice(CONTROL_PREFIX.length);
  const route = `${method} ${path}`;
  try {
    switch (route) {
      case 'GET /received':
        return { status: 200, body: controls.received(url.searchParams.get('webhook_id') ?? undefined) };
      case 'GET /requests':
        return { status: 200, body: controls.requests };
      case 'POST /reset':
        controls.resetReceived();
        return done();
      case 'POST /webhooks': {
        const { id, token, name } = body;
        if (!optionalString(id) || !optionalString(token) || !optionalString(name))
          return refused('Send {id?, token?, name?} as strings');
        const options: { id?: string; token?: string; name?: string } = {};
        if (id !== undefined) options.id = id;
        if (token !== undefined) options.token = token;
        if (name !== undefined) options.name = name;
        return { status: 201, body: controls.createWebhook(options) };
      }
      case 'POST /webhooks/delete': {
        if (typeof body.id !== 'string') return refused('Send {id}');
        controls.deleteWebhook(body.id);
        return done();
      }
      case 'POST /rate-limit-next': {
        const { count, retryAfterSeconds, global } = body;
        if (typeof count !== 'number' || typeof retryAfterSeconds !== 'number' || !optionalBoolean(global))
          return refused('Send {count, retryAfterSeconds, global?}');
        controls.rateLimitNext(count, retryAfterSeconds, { global: global === true });
        return done();
      }
      case 'POST /fail-next': {
        const { count, status } = body;
        if (typeof count !== 'number' || typeof status !== 'number') return refused('Send {count, status}');
        controls.failNext(count, status);
        return done();
      }
      case 'POST /hang-next': {
        if (typeof body.count !== 'number') return refused('Send {count}');
        controls.hangNext(body.count);
        return done();
      }
      case 'POST /random-failures': {
        const { rate, status } = body;
        if (typeof rate !== 'number' || !['number', 'undefined'].includes(typeof status))
          return refused('Send {rate, status?}');
        controls.setRandomFailures(rate, typeof status === 'number' ? status : undefined);
        return done();
      }
      case 'POST /faults/reset':
        controls.resetFaults();
        return done();
      case 'POST /users':
        return userReply(controls, body);
      case 'POST /interactions':
        return await interactionReply(controls, body);
      case 'POST /state/reset':
        controls.resetState();
        return done();
      default:
        return (
          pathRouteReply(controls, method, path, body) ?? {
            status: 404,
            body: { message: 'No such control route' },
          }
        );
    }
  } catch (error) {
    if (error instanceof RangeError) return refused(error.message);
    throw error;
  }
}
