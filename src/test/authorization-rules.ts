/**
 * Who may call which API route, as the authorization matrix test checks it: every route of the
 * route table has an entry here, keyed `METHOD url-pattern`, and an entry for a route that no longer
 * exists fails the test too. Statuses follow spec §6, DESIGN §5.1 and decisions 015 and 016: admins
 * see every goal, race and claim request; a private goal or race is otherwise its owner's alone.
 */

import { DEFAULT_LADDER } from '#core/clan/default-rules.ts';
import { encodeCursor } from '#core/http/paging.ts';

export const MATRIX_ROLES = ['visitor', 'owner', 'other', 'admin'] as const;
/** A visitor; the plain user who owns the fixtures; another plain user who owns none of them; an admin. */
export type MatrixRole = (typeof MATRIX_ROLES)[number];

/** What one call needs from the fixtures seeded for it. */
export interface World {
  /** A plain account the user routes act on, its password, and its password reset link's token. */
  account: { id: number; username: string; password: string; resetToken: string };
  /** The owner's claimed character, with a stored snapshot. */
  character: string;
  /** A member the owner has a pending claim request for; the admin member routes act on it. */
  requested: { womId: string; updatedAt: string };
  /** An unclaimed member whose claim code was given to the owner. */
  coded: string;
  /** A member an admin deleted. */
  deleted: string;
  privateGoal: number;
  publicGoal: number;
  privateRace: number;
  publicRace: number;
  claimRequest: number;
  claimCode: { id: number; code: string };
  event: number;
  /** A player WOM knows who is no member yet: what Add Member may add. */
  womPlayer: string;
  /** Unique to the call, for what a request must make anew: usernames, WOM ids, auth ids. */
  serial: number;
}

export interface MatrixRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
}

export interface MatrixCase {
  /** Names the case when a route is called more than one way. */
  name?: string;
  expect: Readonly<Record<MatrixRole, number>>;
  request?: (world: World) => MatrixRequest;
}

const statuses = (visitor: number, owner: number, other: number, admin: number) => ({
  visitor,
  owner,
  other,
  admin,
});
const everyone = (status: number) => statuses(status, status, status, status);
const signedIn = (status: number) => statuses(401, status, status, status);
const adminOnly = (status: number) => statuses(401, 403, 403, status);

const raceBody = (world: World, title: string, isPublic: boolean) => ({
  title,
  description: 'Who gets there first',
  public: isPublic,
  participants: [{ wom_id: world.character, metric: 'attack', target_value: 200_000_000 }],
});

const eventBody = {
  name: 'Matrix bingo',
  type: 'Bingo',
  start_date: '2026-12-05T18:00:00.000Z',
  end_date: '2026-12-05T20:00:00.000Z',
};

/** A private and a public goal or race: whether another user may see it changes their answer. */
function privateAndPublic(
  kind: 'privateGoal' | 'privateRace',
  expect: { private: MatrixCase['expect']; public: MatrixCase['expect'] },
  request: (world: World, id: number) => MatrixRequest = (_world, id) => ({ params: { id } }),
): MatrixCase[] {
  const publicKind = kind === 'privateGoal' ? 'publicGoal' : 'publicRace';
  return [
    { name: 'private', expect: expect.private, request: (world) => request(world, world[kind]) },
    { name: 'public', expect: expect.public, request: (world) => request(world, world[publicKind]) },
  ];
}

/**
 * A cursor from before the newest item, as `next_cursor` would give it: a paged call then reads the
 * whole list, so whatever a role must not see would show on it.
 */
const FROM_THE_TOP = encodeCursor({ createdAt: '2100-01-01T00:00:00.000Z', id: 1 });

/** A list of goals or races, public or the user's own, whole or a page at a time. */
const pagedList: MatrixCase[] = [
  { name: 'public', expect: everyone(200), request: () => ({ query: { scope: 'public' } }) },
  { name: 'mine', expect: signedIn(200), request: () => ({ query: { scope: 'mine' } }) },
  {
    name: 'public, paged',
    expect: everyone(200),
    request: () => ({ query: { scope: 'public', limit: '100', cursor: FROM_THE_TOP } }),
  },
  {
    name: 'mine, paged',
    expect: signedIn(200),
    request: () => ({ query: { scope: 'mine', limit: '1', cursor: FROM_THE_TOP } }),
  },
];

const one = (expect: MatrixCase['expect'], request?: MatrixCase['request']): MatrixCase[] => [
  request ? { expect, request } : { expect },
];

export const AUTHORIZATION_RULES: Readonly<Record<string, readonly MatrixCase[]>> = {
  // Public reads (spec §1: visitors see all of these).
  'GET /api/health': one(everyone(200)),
  'GET /api/clan': one(everyone(200)),
  'GET /api/members': one(everyone(200)),
  'GET /api/members/:womId': one(everyone(200), (world) => ({ params: { womId: world.character } })),
  'GET /api/anniversaries': one(everyone(200)),
  'GET /api/events': one(everyone(200)),
  'GET /api/bingo': one(everyone(200)),
  'GET /api/bingo/:id': one(everyone(404), () => ({ params: { id: '999999' } })),
  'POST /api/admin/bingo': one(adminOnly(400), () => ({ body: { title: '' } })),
  'POST /api/bingo/:id/tiles/:tileId/submissions': one(signedIn(400), () => ({
    params: { id: '999999', tileId: '1' },
    body: { note: 'not a form' },
  })),
  'GET /api/me/bingo/submissions': one(signedIn(200)),
  'GET /api/admin/bingo/:id/submissions': one(adminOnly(200), () => ({ params: { id: '999999' } })),
  'PATCH /api/admin/bingo/submissions/:id': one(adminOnly(404), () => ({
    params: { id: '999999' },
    body: { status: 'approved' },
  })),
  'POST /api/admin/bingo/balance': one(adminOnly(400), () => ({ body: { members: ['999999'], teams: 2 } })),
  // Discord's own requests: signed with the application's key, never a session (none is set here).
  'POST /api/discord/interactions': one(everyone(401), () => ({ body: { type: 1 } })),
  // Discord sign-in (issue 32); the matrix's site has no Discord application set up.
  'GET /api/auth/providers': one(everyone(200)),
  'GET /api/auth/discord/start': one(everyone(404)),
  // Without the browser's cookie from the start, no state can match.
  'GET /api/auth/discord/callback': one(everyone(400), () => ({ query: { code: 'c', state: 's' } })),
  'GET /api/me/discord': one(signedIn(200)),
  'PUT /api/me/discord': one(signedIn(409), () => ({ body: { mention_opt_in: true } })),
  'DELETE /api/me/discord': one(signedIn(409)),
  'POST /api/auth/password/first': one(signedIn(409), () => ({
    body: { new_password: 'first-horse', confirm_password: 'first-horse' },
  })),
  'GET /api/admin/discord/app': one(adminOnly(200)),
  'PUT /api/admin/discord/app': one(adminOnly(200), () => ({ body: { members_only: true } })),
  'GET /api/admin/discord/rank-roles': one(adminOnly(200)),
  'PUT /api/admin/discord/rank-roles': one(adminOnly(200), () => ({ body: { roles: {} } })),
  'POST /api/admin/discord/rank-roles/reconcile': one(adminOnly(409), () => ({ body: { dry_run: true } })),
  'POST /api/admin/discord/commands': one(adminOnly(409)),
  'GET /api/admin/backups': one(adminOnly(200)),
  'GET /api/admin/backups/:name': one(adminOnly(404), () => ({
    params: { name: 'clan-2026-01-01T00-00-00Z.db' },
  })),
  'GET /api/me/bingo/:id': one(signedIn(404), () => ({ params: { id: '999999' } })),
  'PUT /api/bingo/:id/signups/:womId': one(signedIn(404), () => ({ params: { id: '999999', womId: '1' } })),
  'DELETE /api/bingo/:id/signups/:womId': one(signedIn(404), () => ({
    params: { id: '999999', womId: '1' },
  })),
  // A referee queue is its board's referees' and the admins'.
  'GET /api/bingo/:id/queue': one(statuses(401, 403, 403, 200), () => ({ params: { id: '999999' } })),
  'PATCH /api/bingo/:id/queue/:submissionId': one(statuses(401, 403, 403, 404), () => ({
    params: { id: '999999', submissionId: '999999' },
    body: { status: 'approved' },
  })),
  'GET /api/bingo/submissions/:id/screenshot': one(signedIn(404), () => ({ params: { id: '999999' } })),
  'GET /api/bingo/submissions/:id/screenshot/thumbnail': one(signedIn(404), () => ({
    params: { id: '999999' },
  })),
  'GET /api/admin/bingo/templates': one(adminOnly(200)),
  'POST /api/admin/bingo/templates': one(adminOnly(404), () => ({
    body: { name: 'Matrix', board_id: 999999 },
  })),
  'DELETE /api/admin/bingo/templates/:id': one(adminOnly(404), () => ({ params: { id: '999999' } })),
  'GET /api/admin/bingo/:id': one(adminOnly(404), () => ({ params: { id: '999999' } })),
  'PUT /api/admin/bingo/:id': one(adminOnly(400), () => ({ params: { id: '999999' }, body: { title: '' } })),
  'DELETE /api/admin/bingo/:id': one(adminOnly(404), () => ({ params: { id: '999999' } })),
  'POST /api/admin/bingo/:id/tiles': one(adminOnly(404), () => ({
    params: { id: '999999' },
    body: { row: 0, col: 0, title: 'Tile', points: 1, goal: { type: 'manual' } },
  })),
  'PUT /api/admin/bingo/:id/referees': one(adminOnly(404), () => ({
    params: { id: '999999' },
    body: { usernames: [] },
  })),
  'POST /api/admin/bingo/:id/points': one(adminOnly(404), () => ({ params: { id: '999999' } })),
  'GET /api/events/:id.ics': one(everyone(200), (world) => ({ params: { id: world.event } })),
  'GET /api/leaderboards': one(everyone(200)),
  'GET /api/wom-group': one(everyone(200)),
  'GET /api/wom-group-stats': one(everyone(200)),
  'GET /api/wom-group-achievements': one(everyone(200)),
  'GET /api/wom-competitions': one(everyone(200)),
  'GET /api/docs': one(everyone(200)),
  'GET /api/wom-player': one(everyone(200), (world) => ({ query: { id: world.character } })),
  'GET /api/feed': one(everyone(200)),
  'GET /api/personal-bests': one(everyone(200)),
  'GET /api/loot-board': one(everyone(200)),
  'GET /api/icons': one(everyone(200)),
  'GET /api/character-dink': one(everyone(200), (world) => ({ query: { id: world.character } })),

  // Dink: the address is the secret, never a session; an address that is no one's is refused alike.
  'POST /api/dink/:token': one(everyone(401), () => ({
    params: { token: 'A'.repeat(43) },
    body: { type: 'PET', playerName: 'Matrix', dinkAccountHash: 'hash', extra: {} },
  })),
  'GET /api/dink/:token/config': one(everyone(401), () => ({ params: { token: 'A'.repeat(43) } })),
  'GET /api/dink/images/:id': one(everyone(404), () => ({ params: { id: '999999' } })),
  'GET /api/dink/images/:id/thumbnail': one(everyone(404), () => ({ params: { id: '999999' } })),
  'GET /api/pwom-player': one(everyone(200), (world) => ({ query: { id: world.character } })),

  // Accounts: anyone may sign in, register or use a reset link; a password change needs a session.
  'POST /api/auth/login': one(everyone(200), (world) => ({
    body: { username: world.account.username, password: world.account.password },
  })),
  'POST /api/auth/register': one(everyone(201), (world) => ({
    body: { username: `newcomer${world.serial}`, password: 'new-horse', confirm_password: 'new-horse' },
  })),
  'POST /api/auth/password': one(signedIn(204), (world) => ({
    body: {
      current_password: world.account.password,
      new_password: world.account.password,
      confirm_password: world.account.password,
    },
  })),
  'POST /api/auth/password-reset': one(everyone(200), (world) => ({
    body: { token: world.account.resetToken, password: 'reset-horse', confirm_password: 'reset-horse' },
  })),
  'POST /api/auth/logout': one(everyone(204)),
  'GET /api/auth/me': one(everyone(200)),
  'GET /api/users': one(signedIn(200)),

  // Claims: a code is a bearer secret, so whoever holds it may redeem it.
  'GET /api/me/characters': one(signedIn(200)),
  'GET /api/me/dink': one(signedIn(200)),
  // Only the character's owner has its Dink address, an admin included.
  'POST /api/me/characters/:womId/dink': one(statuses(401, 201, 404, 404), (world) => ({
    params: { womId: world.character },
  })),
  'PATCH /api/me/characters/:womId/dink': one(statuses(401, 200, 404, 404), (world) => ({
    params: { womId: world.character },
    body: { share_public: false },
  })),
  'DELETE /api/me/characters/:womId/dink': one(statuses(401, 204, 404, 404), (world) => ({
    params: { womId: world.character },
  })),
  'POST /api/claims/redeem': one(signedIn(200), (world) => ({ body: { code: world.claimCode.code } })),
  'GET /api/claim-requests': one(signedIn(200)),
  'POST /api/claim-requests': one(signedIn(201), (world) => ({
    body: { wom_id: world.coded, message: 'This is my alt' },
  })),

  // Goals: only for one's own claimed characters; a private goal is its owner's and the admins'.
  'GET /api/user-goals': pagedList,
  'GET /api/user-goals/:id': privateAndPublic('privateGoal', {
    private: statuses(404, 200, 404, 200),
    public: everyone(200),
  }),
  'POST /api/user-goals': one(statuses(401, 201, 403, 403), (world) => ({
    body: { wom_id: world.character, metric: 'attack', mode: 'gain', value: 1000, public: false },
  })),
  'DELETE /api/user-goals/:id': privateAndPublic('privateGoal', {
    private: statuses(401, 204, 404, 403),
    public: statuses(401, 204, 403, 403),
  }),
  'POST /api/user-goals/sync': one(statuses(401, 200, 403, 403), (world) => ({
    body: { wom_id: world.character },
  })),

  // Races: anyone signed in may start one; only its creator changes it (spec §6, Edit Race).
  'GET /api/races': pagedList,
  'GET /api/races/:id': privateAndPublic('privateRace', {
    private: statuses(404, 200, 404, 200),
    public: everyone(200),
  }),
  'POST /api/races': one(signedIn(201), (world) => ({ body: raceBody(world, 'Race to 99', true) })),
  'PUT /api/races/:id': privateAndPublic(
    'privateRace',
    { private: statuses(401, 200, 404, 403), public: statuses(401, 200, 403, 403) },
    (world, id) => ({ params: { id }, body: raceBody(world, 'Renamed race', false) }),
  ),
  'DELETE /api/races/:id': privateAndPublic('privateRace', {
    private: statuses(401, 204, 404, 403),
    public: statuses(401, 204, 403, 403),
  }),
  'POST /api/races/:id/refresh': privateAndPublic('privateRace', {
    private: statuses(401, 200, 404, 200),
    public: signedIn(200),
  }),

  // Everything under /api/admin: admins only.
  'GET /api/admin/users': one(adminOnly(200)),
  'POST /api/admin/users/:id/admin': one(adminOnly(200), (world) => ({
    params: { id: world.account.id },
    body: { is_admin: true },
  })),
  'POST /api/admin/users/:id/auth-id': one(adminOnly(200), (world) => ({
    params: { id: world.account.id },
    body: { supabase_auth_id: `00000000-0000-4000-8000-${String(world.serial).padStart(12, '0')}` },
  })),
  'POST /api/admin/users/:id/password-reset': one(adminOnly(201), (world) => ({
    params: { id: world.account.id },
  })),
  'POST /api/admin/sync': one(adminOnly(202)),
  'GET /api/admin/sync': one(adminOnly(200)),
  'POST /api/admin/sync/check': one(adminOnly(200)),
  'GET /api/admin/members': one(adminOnly(200)),
  'GET /api/admin/members/deleted': one(adminOnly(200)),
  'GET /api/admin/members/export.csv': one(adminOnly(200)),
  'POST /api/admin/members/baselines/backfill': one(adminOnly(202)),
  'POST /api/admin/members/import': one(adminOnly(200), () => ({
    body: { csv: 'Name,WOM ID,Siege Score\r\n', dry_run: true },
  })),
  'GET /api/admin/wom-players/:womId': one(adminOnly(200), (world) => ({
    params: { womId: world.womPlayer },
  })),
  'POST /api/admin/members': one(adminOnly(201), (world) => ({
    body: {
      wom_id: world.womPlayer,
      name: `Recruit ${world.serial}`,
      wom_name: null,
      womrole: 'opal',
      title: null,
      join_date: '2026-11-01',
      current_lvl: 1200,
      current_xp: 20_000_000,
      first_lvl: 1100,
      first_xp: 15_000_000,
      ehb: 10,
      siege_score: 0,
    },
  })),
  'PATCH /api/admin/members/:womId': one(adminOnly(200), (world) => ({
    params: { womId: world.requested.womId },
    body: { name: 'Renamed member', expected_updated_at: world.requested.updatedAt },
  })),
  'DELETE /api/admin/members/:womId': one(adminOnly(204), (world) => ({
    params: { womId: world.requested.womId },
  })),
  'POST /api/admin/members/:womId/restore': one(adminOnly(200), (world) => ({
    params: { womId: world.deleted },
  })),
  'POST /api/admin/members/:womId/points': one(adminOnly(200), (world) => ({
    params: { womId: world.requested.womId },
    body: { amount: 5 },
  })),
  // No award of that id: an admin passes the guard and is told there is no such entry.
  'POST /api/admin/members/:womId/points/:pointId/undo': one(adminOnly(404), (world) => ({
    params: { womId: world.requested.womId, pointId: 2_147_483_647 },
  })),
  'POST /api/admin/members/:womId/visibility': one(adminOnly(200), (world) => ({
    params: { womId: world.requested.womId },
    body: { hidden: true },
  })),
  'POST /api/admin/members/:womId/rank': one(adminOnly(200), (world) => ({
    params: { womId: world.requested.womId },
    body: { role: 'sapphire' },
  })),
  'POST /api/admin/members/:womId/whitelist': one(adminOnly(200), (world) => ({
    params: { womId: world.requested.womId },
    body: { reason: 'Known to the clan' },
  })),
  'GET /api/admin/discord/kinds': one(adminOnly(200)),
  'GET /api/admin/discord/routes': one(adminOnly(200)),
  'POST /api/admin/discord/routes': one(adminOnly(201), () => ({
    body: {
      name: 'Clan news',
      url: 'https://discord.com/api/webhooks/123456789012345678/matrix-token',
      kinds: ['member_joined'],
      enabled: false,
    },
  })),
  // The matrix holds no route: an admin passes the guard and is told it does not exist.
  'PUT /api/admin/discord/routes/:id': one(adminOnly(404), () => ({
    params: { id: '999999' },
    body: { name: 'Clan news', kinds: [], enabled: false },
  })),
  'DELETE /api/admin/discord/routes/:id': one(adminOnly(404), () => ({ params: { id: '999999' } })),
  'POST /api/admin/discord/routes/:id/test': one(adminOnly(404), () => ({ params: { id: '999999' } })),
  'GET /api/admin/discord/deliveries': one(adminOnly(200)),
  'GET /api/admin/dink': one(adminOnly(200)),
  'PUT /api/admin/dink/settings': one(adminOnly(200), () => ({
    body: { min_loot_value: 500_000, min_level: 99, min_xp_milestone: 50_000_000 },
  })),
  'GET /api/admin/clan': one(adminOnly(200)),
  'GET /api/admin/point-batches': one(adminOnly(200)),
  'POST /api/admin/point-batches': one(adminOnly(400), () => ({ body: { reason: 'x', entries: [] } })),
  'POST /api/admin/point-batches/:id/undo': one(adminOnly(404), () => ({ params: { id: '999999' } })),
  'GET /api/admin/events/:id/standings': one(adminOnly(404), () => ({ params: { id: '999999' } })),
  'PUT /api/admin/clan/ranks': one(adminOnly(200), () => ({
    body: { paths: DEFAULT_LADDER.paths, exempt: DEFAULT_LADDER.exempt, dry_run: true },
  })),
  'PUT /api/admin/clan/points': one(adminOnly(200), () => ({
    body: { placements: [15, 10, 5, 2], short: 2 },
  })),
  'PUT /api/admin/clan/profile': one(adminOnly(200), () => ({ body: { home_world: 517 } })),
  'PUT /api/admin/clan/wom-code': one(adminOnly(200), () => ({ body: { code: null } })),
  'GET /api/admin/inactivity': one(adminOnly(200), () => ({ query: { days: '30' } })),
  'GET /api/admin/inactivity/export.csv': one(adminOnly(200), () => ({ query: { days: '30' } })),
  'PUT /api/admin/members/:womId/away': one(adminOnly(200), (world) => ({
    params: { womId: world.requested.womId },
    body: { away_until: null },
  })),
  // The matrix's member is not whitelisted: an admin passes the guard and is told so (409).
  'POST /api/admin/members/:womId/unwhitelist': one(adminOnly(409), (world) => ({
    params: { womId: world.requested.womId },
    body: { reason: 'New evidence on the case' },
  })),
  'GET /api/admin/members/:womId/points': one(adminOnly(200), (world) => ({
    params: { womId: world.requested.womId },
    query: { limit: '5' },
  })),
  'POST /api/admin/siege-scores/reset': one(adminOnly(200), () => ({
    body: { confirmation: 'RESET ALL SCORES' },
  })),
  'GET /api/admin/seasons': one(adminOnly(200)),
  'GET /api/admin/seasons/past': one(adminOnly(200), () => ({ query: { top: '5' } })),
  // Whether a reset has closed a season depends on the order the matrix runs: an id no season has
  // answers alike either way, the admin past the guard and told there is no such season.
  'GET /api/admin/seasons/:id/standings': one(adminOnly(404), () => ({ params: { id: 2_147_483_647 } })),
  'GET /api/admin/events': one(adminOnly(200)),
  'POST /api/admin/events': one(adminOnly(201), () => ({ body: eventBody })),
  'PUT /api/admin/events/:id': one(adminOnly(200), (world) => ({
    params: { id: world.event },
    body: { ...eventBody, name: 'Matrix bingo, moved' },
  })),
  'DELETE /api/admin/events/:id': one(adminOnly(204), (world) => ({ params: { id: world.event } })),
  // The matrix's event is an admin's own: only one from before this site is booked by hand (409).
  'POST /api/admin/events/:id/book-points': one(adminOnly(409), (world) => ({ params: { id: world.event } })),
  'POST /api/admin/player-watch/import': one(adminOnly(200), () => ({
    body: [{ accused_rsn: 'Some Scammer', reason: 'Scam' }],
  })),
  'GET /api/admin/player-watch': one(adminOnly(200)),
  'POST /api/admin/player-watch/run': one(adminOnly(202)),
  'GET /api/admin/audit': one(adminOnly(200)),
  'GET /api/admin/audit/filters': one(adminOnly(200)),
  'GET /api/admin/claim-requests': one(adminOnly(200)),
  'PATCH /api/admin/claim-requests/:id': one(adminOnly(200), (world) => ({
    params: { id: world.claimRequest },
    body: { status: 'approved', admin_notes: 'Checked in game' },
  })),
  'GET /api/admin/claim-codes': one(adminOnly(200)),
  'POST /api/admin/claim-codes': one(adminOnly(201), (world) => ({ body: { wom_id: world.coded } })),
  'DELETE /api/admin/claim-codes/:id': one(adminOnly(204), (world) => ({
    params: { id: world.claimCode.id },
  })),
};
