import type { Clock } from '#shared/clock.ts';
import type { ApplicationCommand } from './commands.ts';
import { discordTimestamp, isSnowflake, type Snowflakes } from './snowflakes.ts';

/** A role of a fixture guild; its position is its place in the guild's list, lowest first. */
export interface RoleFixture {
  id: string;
  name: string;
  color: number;
  hoist?: boolean;
  mentionable?: boolean;
  /** Made by an integration (a bot's own role): nobody can grant or remove it. */
  managed?: boolean;
}

export interface UserFixture {
  id: string;
  username: string;
  globalName: string | null;
}

export interface MemberFixture {
  userId: string;
  /** Role ids, without @everyone (Discord never lists it on a member). */
  roles: string[];
  /** ISO-8601. */
  joinedAt: string;
}

export interface GuildFixture {
  id: string;
  name: string;
  /** Lowest first, starting with @everyone, whose id is the guild's. */
  roles: RoleFixture[];
  /** The managed role the bot holds; only roles below it are the bot's to grant. */
  botRoleId: string;
  members: MemberFixture[];
}

/** The users and guilds a stand-in starts with, and returns to on `resetState`. */
export interface StandInFixture {
  users: UserFixture[];
  guilds: GuildFixture[];
}

/** Discord's user object, as `/users/@me` answers it (no `email` without the `email` scope). */
export interface DiscordUser {
  id: string;
  username: string;
  /** "0" for every user since unique usernames; bots keep four digits. */
  discriminator: string;
  global_name: string | null;
  avatar: null;
  bot?: true;
  banner: null;
  accent_color: null;
  locale: string;
  mfa_enabled: boolean;
  flags: number;
  public_flags: number;
  premium_type: number;
  email?: string;
  verified?: boolean;
}

export interface DiscordRole {
  id: string;
  name: string;
  /** Deprecated by Discord in favour of `colors`, still sent. */
  color: number;
  colors: { primary_color: number; secondary_color: null; tertiary_color: null };
  hoist: boolean;
  icon: null;
  unicode_emoji: null;
  position: number;
  permissions: string;
  managed: boolean;
  mentionable: boolean;
  flags: number;
  tags?: { bot_id: string };
}

export interface DiscordGuildMember {
  user: DiscordUser;
  nick: null;
  avatar: null;
  banner: null;
  roles: string[];
  joined_at: string;
  premium_since: null;
  deaf: boolean;
  mute: boolean;
  flags: number;
  pending: boolean;
  communication_disabled_until: null;
}

/** A test user to add; a member of the first guild unless `guildMember` is false. */
export interface NewUser {
  id?: string;
  username: string;
  globalName?: string | null;
  guildMember?: boolean;
  roles?: string[];
}

/** What a role add or remove came to, in the order Discord checks. */
export type RoleChangeResult = 'done' | 'unknown-guild' | 'unknown-member' | 'unknown-role' | 'denied';

interface StoredUser {
  id: string;
  username: string;
  globalName: string | null;
  bot: boolean;
}

interface StoredMember {
  roles: string[];
  joinedAt: string;
}

interface StoredGuild {
  id: string;
  name: string;
  roles: Map<string, DiscordRole>;
  members: Map<string, StoredMember>;
  commands: ApplicationCommand[];
}

/** MANAGE_ROLES (1 << 28): what the bot's role needs for the role routes. */
const MANAGE_ROLES = String(1n << 28n);

/** Discord's username rules: 2 to 32 of a-z, 0-9, `_` and `.`, never two dots together. */
const USERNAME = /^(?!.*\.\.)[a-z0-9_.]{2,32}$/;

/** A bot user keeps a four-digit discriminator. */
const BOT_DISCRIMINATOR = '0001';

/**
 * The guilds, their roles and members, and the users who may sign in: the state the bot's routes
 * read and change and that a test changes "behind the site's back". Roles are refused to the bot as
 * Discord's hierarchy refuses them: managed roles, @everyone, and roles at or above the bot's own.
 */
export class GuildStore {
  private users = new Map<string, StoredUser>();
  private guilds = new Map<string, StoredGuild>();
  private deniedRoles = new Set<string>();

  constructor(
    private readonly clock: Clock,
    private readonly ids: Snowflakes,
    private readonly fixture: StandInFixture,
    private readonly bot: { id: string; name: string },
  ) {
    if (fixture.guilds.length === 0) throw new RangeError('The fixture needs at least one guild');
    this.reset();
  }

  /** Back to the fixture: its users, guilds and members' roles, no commands, no refused roles. */
  reset(): void {
    this.users = new Map();
    this.guilds = new Map();
    this.deniedRoles = new Set();
    this.users.set(this.bot.id, { id: this.bot.id, username: this.bot.name, globalName: null, bot: true });
    for (const user of this.fixture.users) this.storeUser({ ...user, bot: false });
    const startedAt = this.clock.now().toISOString();
    for (const guild of this.fixture.guilds) this.storeGuild(guild, startedAt);
  }

  /** The guild new users join: the fixture's first. */
  get defaultGuildId(): string {
    return this.fixture.guilds[0]?.id ?? '';
  }

  hasGuild(guildId: string): boolean {
    return this.guilds.has(guildId);
  }

  user(userId: string): DiscordUser | undefined {
    const user = this.users.get(userId);
    return user === undefined ? undefined : userObject(user);
  }

  /** Who may sign in on the authorize page: every user but the bot, in the order they were added. */
  people(): DiscordUser[] {
    return [...this.users.values()].filter((user) => !user.bot).map(userObject);
  }

  addUser(newUser: NewUser): DiscordUser {
    const guild = this.guildOrThrow(this.defaultGuildId);
    const joins = newUser.guildMember !== false;
    const roles = newUser.roles ?? [];
    if (!joins && roles.length > 0) throw new RangeError('A user who is not a guild member holds no roles');
    this.checkRoles(guild, roles);
    const stored = this.storeUser({
      id: newUser.id ?? this.ids.next(),
      username: newUser.username,
      globalName: newUser.globalName ?? null,
      bot: false,
    });
    if (joins) guild.members.set(stored.id, { roles: [...new Set(roles)], joinedAt: this.now() });
    return userObject(stored);
  }

  guildName(guildId: string): string | undefined {
    return this.guilds.get(guildId)?.name;
  }

  roles(guildId: string): DiscordRole[] | undefined {
    const guild = this.guilds.get(guildId);
    return guild === undefined
      ? undefined
      : [...guild.roles.values()].sort((a, b) => a.position - b.position);
  }

  member(guildId: string, userId: string): DiscordGuildMember | undefined {
    const member = this.guilds.get(guildId)?.members.get(userId);
    const user = this.users.get(userId);
    if (member === undefined || user === undefined) return undefined;
    return {
      user: userObject(user),
      nick: null,
      avatar: null,
      banner: null,
      roles: [...member.roles],
      joined_at: discordTimestamp(new Date(member.joinedAt)),
      premium_since: null,
      deaf: false,
      mute: false,
      flags: 0,
      pending: false,
      communication_disabled_until: null,
    };
  }

  memberRoles(guildId: string, userId: string): string[] | undefined {
    const member = this.guilds.get(guildId)?.members.get(userId);
    return member === undefined ? undefined : [...member.roles];
  }

  /** Sets a member's roles as an admin would in Discord; a known user who is not a member joins. */
  setMemberRoles(guildId: string, userId: string, roleIds: readonly string[]): void {
    const guild = this.guildOrThrow(guildId);
    if (!this.users.has(userId)) throw new RangeError(`Unknown user ${userId}`);
    this.checkRoles(guild, roleIds);
    const member = guild.members.get(userId);
    const roles = [...new Set(roleIds)];
    if (member === undefined) guild.members.set(userId, { roles, joinedAt: this.now() });
    else member.roles = roles;
  }

  /** The user leaves the guild (or is kicked): from now on the member routes answer Unknown Member. */
  removeMember(guildId: string, userId: string): void {
    this.guildOrThrow(guildId).members.delete(userId);
  }

  /** From now on the bot may not grant or remove this role, as if it sat above the bot's own. */
  denyRoleChanges(roleId: string): void {
    this.deniedRoles.add(roleId);
  }

  changeRole(guildId: string, userId: string, roleId: string, change: 'add' | 'remove'): RoleChangeResult {
    const guild = this.guilds.get(guildId);
    if (guild === undefined) return 'unknown-guild';
    const member = guild.members.get(userId);
    if (member === undefined) return 'unknown-member';
    const role = guild.roles.get(roleId);
    if (role === undefined) return 'unknown-role';
    if (!this.botMayManage(guild, role)) return 'denied';
    if (change === 'add' && !member.roles.includes(roleId)) member.roles.push(roleId);
    if (change === 'remove') member.roles = member.roles.filter((id) => id !== roleId);
    return 'done';
  }

  commands(guildId: string): ApplicationCommand[] | undefined {
    return this.guilds.get(guildId)?.commands;
  }

  setCommands(guildId: string, commands: ApplicationCommand[]): void {
    this.guildOrThrow(guildId).commands = commands;
  }

  private botMayManage(guild: StoredGuild, role: DiscordRole): boolean {
    if (role.managed || role.id === guild.id || this.deniedRoles.has(role.id)) return false;
    const botRoles = guild.members.get(this.bot.id)?.roles ?? [];
    const botTop = Math.max(0, ...botRoles.map((id) => guild.roles.get(id)?.position ?? 0));
    return role.position < botTop;
  }

  private checkRoles(guild: StoredGuild, roleIds: readonly string[]): void {
    for (const roleId of roleIds) {
      if (!guild.roles.has(roleId) || roleId === guild.id)
        throw new RangeError(`Role ${roleId} is not one of guild ${guild.id}'s roles`);
    }
  }

  private guildOrThrow(guildId: string): StoredGuild {
    const guild = this.guilds.get(guildId);
    if (guild === undefined) throw new RangeError(`Unknown guild ${guildId}`);
    return guild;
  }

  private storeUser(user: StoredUser): StoredUser {
    if (!isSnowflake(user.id)) throw new RangeError(`A user id is a snowflake (digits), got '${user.id}'`);
    if (this.users.has(user.id)) throw new RangeError(`User ${user.id} already exists`);
    if (!USERNAME.test(user.username))
      throw new RangeError(
        `A username is 2 to 32 of a-z, 0-9, '_' and '.' (no '..'), got '${user.username}'`,
      );
    if ([...this.users.values()].some((known) => known.username === user.username))
      throw new RangeError(`The username '${user.username}' is taken`);
    this.users.set(user.id, user);
    return user;
  }

  private storeGuild(fixture: GuildFixture, joinedAt: string): void {
    const roles = new Map<string, DiscordRole>();
    fixture.roles.forEach((role, position) =>
      roles.set(role.id, roleObject(role, position, role.id === fixture.botRoleId ? this.bot.id : null)),
    );
    if (!roles.has(fixture.id)) throw new RangeError(`Guild ${fixture.id} needs its @everyone role`);
    if (!roles.has(fixture.botRoleId)) throw new RangeError(`Guild ${fixture.id} lacks the bot's role`);
    const guild: StoredGuild = {
      id: fixture.id,
      name: fixture.name,
      roles,
      members: new Map([[this.bot.id, { roles: [fixture.botRoleId], joinedAt }]]),
      commands: [],
    };
    for (const member of fixture.members) {
      if (!this.users.has(member.userId)) throw new RangeError(`Unknown user ${member.userId}`);
      this.checkRoles(guild, member.roles);
      guild.members.set(member.userId, { roles: [...member.roles], joinedAt: member.joinedAt });
    }
    this.guilds.set(guild.id, guild);
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}

function userObject(user: StoredUser): DiscordUser {
  return {
    id: user.id,
    username: user.username,
    discriminator: user.bot ? BOT_DISCRIMINATOR : '0',
    global_name: user.globalName,
    avatar: null,
    ...(user.bot ? { bot: true as const } : {}),
    banner: null,
    accent_color: null,
    locale: 'en-US',
    mfa_enabled: false,
    flags: 0,
    public_flags: 0,
    premium_type: 0,
  };
}

function roleObject(role: RoleFixture, position: number, botId: string | null): DiscordRole {
  return {
    id: role.id,
    name: role.name,
    color: role.color,
    colors: { primary_color: role.color, secondary_color: null, tertiary_color: null },
    hoist: role.hoist ?? false,
    icon: null,
    unicode_emoji: null,
    position,
    permissions: botId === null ? '0' : MANAGE_ROLES,
    managed: role.managed ?? false,
    mentionable: role.mentionable ?? false,
    flags: 0,
    ...(botId === null ? {} : { tags: { bot_id: botId } }),
  };
}
