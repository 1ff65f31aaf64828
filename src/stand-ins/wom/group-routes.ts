import { isActivity, isBoss, isSkill, PRIVILEGED_GROUP_ROLES, type Metric } from '@wise-old-man/utils';
import { achievementPage } from './achievement-page.ts';
import {
  groupNotFound,
  jsonReply,
  legacyGroupNotFound,
  rawJsonReply,
  WomError,
  type Reply,
} from './replies.ts';
import {
  competitionJson,
  competitionStatus,
  groupJson,
  iso,
  membershipJson,
  playerJson,
} from './responses.ts';
import type { RequestContext, Route } from './router.ts';
import { groupStatistics } from './statistics.ts';
import { parseId, parseMetric, parsePagination } from './validation.ts';
import type { BuiltSnapshot } from './snapshot.ts';
import type { AchievementJson } from './wom-shapes.ts';
import { markUpdated, playerState, type SimMembership, type SimPlayer, type World } from './world.ts';

/** update-all's "outdated": not updated in the last 24 h minus 30 min (§2.8). */
const OUTDATED_MS = 24 * 3_600_000 - 30 * 60_000;

function requireGroup(context: RequestContext, notFound: () => WomError): World {
  const id = parseId(context.params.id);
  if (id !== context.world.group.id) throw notFound();
  return context.world;
}

function membersWith<T>(world: World, pick: (player: SimPlayer, membership: SimMembership) => T | null): T[] {
  const found: T[] = [];
  for (const membership of world.memberships) {
    const player = world.players.get(membership.playerId);
    if (player === undefined) continue;
    const value = pick(player, membership);
    if (value !== null) found.push(value);
  }
  return found;
}

const privileged: readonly string[] = PRIVILEGED_GROUP_ROLES;

/** §2.1 with no custom roleOrders: privileged roles in their fixed order, then the rest by key. */
function byRole(a: SimMembership, b: SimMembership): number {
  const pa = privileged.indexOf(a.role);
  const pb = privileged.indexOf(b.role);
  if (pa !== -1 || pb !== -1) {
    if (pa === -1) return 1;
    if (pb === -1) return -1;
    return pa - pb;
  }
  return a.role.localeCompare(b.role);
}

function groupDetails(context: RequestContext): Reply {
  const world = requireGroup(context, legacyGroupNotFound);
  const memberships = [...world.memberships].sort(byRole).flatMap((membership) => {
    const player = world.players.get(membership.playerId);
    if (player === undefined) return [];
    return [
      { ...membershipJson(world, membership, context.now), player: playerJson(world, player, context.now) },
    ];
  });
  return jsonReply(200, {
    ...groupJson(world, context.now),
    socialLinks: { website: null, discord: null, twitter: null, youtube: null, twitch: null },
    roleOrders: [],
    memberships,
  });
}

/** One member's row of /groups/:id/hiscores: `data` by metric type (§2.2), plus the sort keys. */
function hiscoresRow(
  snapshot: BuiltSnapshot,
  metric: Metric,
): { data: object; value: number; level: number } {
  const data = snapshot.json.data;
  if (isSkill(metric)) {
    const entry = data.skills[metric];
    const rank = entry?.rank ?? -1;
    const level = entry?.level ?? 1;
    const experience = entry?.experience ?? -1;
    return { data: { type: 'skill', rank, level, experience }, value: experience, level };
  }
  if (isBoss(metric)) {
    const entry = data.bosses[metric];
    const kills = entry?.kills ?? -1;
    return { data: { type: 'boss', rank: entry?.rank ?? -1, kills }, value: kills, level: 0 };
  }
  if (isActivity(metric)) {
    const entry = data.activities[metric];
    const score = entry?.score ?? -1;
    return { data: { type: 'activity', rank: entry?.rank ?? -1, score }, value: score, level: 0 };
  }
  const entry = data.computed[metric];
  const value = entry?.value ?? 0;
  return { data: { type: 'computed', rank: entry?.rank ?? -1, value }, value, level: 0 };
}

function hiscores(context: RequestContext): Reply {
  parseId(context.params.id);
  const metric = parseMetric(context.query.get('metric'));
  const world = requireGroup(context, groupNotFound);
  const rows = membersWith(world, (player) => {
    const snapshot = playerState(world, player, context.now).snapshot;
    return snapshot === null ? null : { player, ...hiscoresRow(snapshot, metric) };
  });
  // Overall ranks by total level first, then XP; everything else by its value. Ties keep membership order.
  rows.sort((a, b) => (metric === 'overall' ? b.level - a.level : 0) || b.value - a.value);
  return jsonReply(
    200,
    rows.map((row) => ({ player: playerJson(world, row.player, context.now), data: row.data })),
  );
}

function bulkHiscores(context: RequestContext): Reply {
  const world = requireGroup(context, groupNotFound);
  // Spliced from cached snapshot text: 2,000 members are ~20 MB of JSON.
  const rows = membersWith(world, (player) => {
    const snapshot = playerState(world, player, context.now).snapshot;
    if (snapshot === null) return null;
    return `{"player":${JSON.stringify(playerJson(world, player, context.now))},"data":${snapshot.text}}`;
  });
  return rawJsonReply(200, `[${rows.join(',')}]`);
}

function statistics(context: RequestContext): Reply {
  const world = requireGroup(context, legacyGroupNotFound);
  return jsonReply(200, groupStatistics(world, context.now));
}

function achievements(context: RequestContext): Reply {
  parseId(context.params.id);
  const pagination = parsePagination(context.query);
  const world = requireGroup(context, groupNotFound);
  const members = new Set(world.memberships.map((membership) => membership.playerId));
  const listed = world.achievements.filter(
    (achievement) => members.has(achievement.playerId) && achievement.foundAt <= context.now,
  );
  const page = achievementPage(listed, pagination, world.seed).flatMap((achievement) => {
    const player = world.players.get(achievement.playerId);
    if (player === undefined) return [];
    const row: AchievementJson = {
      playerId: achievement.playerId,
      name: achievement.name,
      metric: achievement.metric,
      threshold: achievement.threshold,
      accuracy: achievement.accuracy,
      createdAt: iso(achievement.createdAt),
      measure: achievement.measure,
      legacy: false,
      player: playerJson(world, player, context.now),
    };
    return [row];
  });
  return jsonReply(200, page);
}

const STATUS_ORDER = { ongoing: 0, upcoming: 1, finished: 2 } as const;

function competitions(context: RequestContext): Reply {
  const world = requireGroup(context, groupNotFound);
  const now = context.now;
  const sorted = [...world.competitions].sort((a, b) => {
    const sa = competitionStatus(a, now);
    const sb = competitionStatus(b, now);
    if (sa !== sb) return STATUS_ORDER[sa] - STATUS_ORDER[sb];
    if (sa === 'ongoing') return a.endsAt - b.endsAt;
    if (sa === 'upcoming') return a.startsAt - b.startsAt;
    return b.endsAt - a.endsAt;
  });
  return jsonReply(
    200,
    sorted.map((competition) => competitionJson(world, competition, now)),
  );
}

function updateAll(context: RequestContext): Reply {
  const id = parseId(context.params.id);
  const code = context.body.verificationCode;
  if (typeof code !== 'string' || code === '')
    throw new WomError(
      400,
      'MISSING_VERIFICATION_CODE',
      "Required parameter 'verificationCode' is undefined",
    );
  const world = context.world;
  if (id !== world.group.id) throw groupNotFound();
  if (code !== world.group.verificationCode)
    throw new WomError(403, 'INCORRECT_VERIFICATION_CODE', 'Incorrect verification code');
  const now = context.now;
  const outdated = membersWith(world, (player) => {
    const updatedAt = playerState(world, player, now).updatedAt;
    return updatedAt === null || updatedAt < now - OUTDATED_MS ? player : null;
  });
  if (outdated.length === 0)
    throw new WomError(
      400,
      'NO_OUTDATED_MEMBERS',
      'This group has no outdated members (updated over 24h ago)',
    );
  // The real queue finishes within minutes; here the update lands at once.
  for (const player of outdated) markUpdated(world, player, now);
  return jsonReply(200, {
    count: outdated.length,
    message: `${outdated.length} outdated (updated > 24h ago) players are being updated. This can take up to a few minutes.`,
  });
}

export const groupRoutes: Route[] = [
  { method: 'GET', pattern: 'groups/:id', handler: groupDetails },
  { method: 'GET', pattern: 'groups/:id/hiscores', handler: hiscores },
  { method: 'GET', pattern: 'groups/:id/bulk-hiscores', handler: bulkHiscores },
  { method: 'GET', pattern: 'groups/:id/statistics', handler: statistics },
  { method: 'GET', pattern: 'groups/:id/achievements', handler: achievements },
  { method: 'GET', pattern: 'groups/:id/competitions', handler: competitions },
  { method: 'POST', pattern: 'groups/:id/update-all', handler: updateAll },
];
