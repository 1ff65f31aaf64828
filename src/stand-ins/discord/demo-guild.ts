import type { GuildFixture, RoleFixture, StandInFixture } from './guilds.ts';

/**
 * The ids of the default guild, its roles and its test users, fixed so the site's tests and a
 * developer's `.env` can name them (DISCORD_GUILD_ID, a rank's role id) before the stand-in starts.
 */
export const DEMO_GUILD = {
  id: '1310000000000000000',
  name: 'Stand-in Clan',
  roles: {
    /** Discord's @everyone role has the guild's id. */
    everyone: '1310000000000000000',
    /** The role Discord gave the bot when it joined: managed, so nobody can grant it. */
    bot: '1310000000000000101',
    owner: '1310000000000000102',
    deputyOwner: '1310000000000000103',
    general: '1310000000000000104',
    captain: '1310000000000000105',
    pvmOrganizer: '1310000000000000106',
    dragon: '1310000000000000107',
    rune: '1310000000000000108',
    adamant: '1310000000000000109',
    mithril: '1310000000000000110',
    steel: '1310000000000000111',
    iron: '1310000000000000112',
    bronze: '1310000000000000113',
    clanMember: '1310000000000000114',
  },
  users: {
    zezima: '1310000000000000201',
    lynxTitan: '1310000000000000202',
    woox: '1310000000000000203',
    b0aty: '1310000000000000204',
    /** Has a Discord account but is not in the guild. */
    outsider: '1310000000000000205',
  },
} as const;

const { roles, users } = DEMO_GUILD;

/** Lowest first: @everyone at 0, the bot's role on top so it may grant every rank below it. */
const DEMO_ROLES: RoleFixture[] = [
  { id: roles.everyone, name: '@everyone', color: 0 },
  { id: roles.clanMember, name: 'Clan Member', color: 0x99aab5 },
  { id: roles.bronze, name: 'Bronze', color: 0xa0522d },
  { id: roles.iron, name: 'Iron', color: 0x7f8c8d },
  { id: roles.steel, name: 'Steel', color: 0x95a5a6 },
  { id: roles.mithril, name: 'Mithril', color: 0x34495e },
  { id: roles.adamant, name: 'Adamant', color: 0x2ecc71 },
  { id: roles.rune, name: 'Rune', color: 0x3498db },
  { id: roles.dragon, name: 'Dragon', color: 0xc0392b },
  { id: roles.pvmOrganizer, name: 'PvM Organizer', color: 0x1abc9c, mentionable: true },
  { id: roles.captain, name: 'Captain', color: 0x9b59b6, hoist: true },
  { id: roles.general, name: 'General', color: 0xe74c3c, hoist: true },
  { id: roles.deputyOwner, name: 'Deputy Owner', color: 0xe67e22, hoist: true },
  { id: roles.owner, name: 'Owner', color: 0xf1c40f, hoist: true },
  { id: roles.bot, name: 'Clan site', color: 0, managed: true },
];

const DEMO_GUILD_FIXTURE: GuildFixture = {
  id: DEMO_GUILD.id,
  name: DEMO_GUILD.name,
  roles: DEMO_ROLES,
  botRoleId: roles.bot,
  members: [
    { userId: users.zezima, roles: [roles.owner, roles.clanMember], joinedAt: '2024-11-21T18:00:00.000Z' },
    {
      userId: users.lynxTitan,
      roles: [roles.deputyOwner, roles.clanMember],
      joinedAt: '2024-11-22T09:30:00.000Z',
    },
    {
      userId: users.woox,
      roles: [roles.dragon, roles.pvmOrganizer, roles.clanMember],
      joinedAt: '2025-01-05T20:15:00.000Z',
    },
    { userId: users.b0aty, roles: [roles.rune, roles.clanMember], joinedAt: '2025-03-14T12:00:00.000Z' },
  ],
};

/** What a stand-in starts with unless told otherwise: one clan guild and five test users. */
export const DEMO_FIXTURE: StandInFixture = {
  users: [
    { id: users.zezima, username: 'zezima', globalName: 'Zezima' },
    { id: users.lynxTitan, username: 'lynx_titan', globalName: 'Lynx Titan' },
    { id: users.woox, username: 'woox', globalName: 'Woox' },
    { id: users.b0aty, username: 'b0aty', globalName: 'B0aty' },
    { id: users.outsider, username: 'outsider', globalName: null },
  ],
  guilds: [DEMO_GUILD_FIXTURE],
};
