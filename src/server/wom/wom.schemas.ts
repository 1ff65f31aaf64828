import { z } from 'zod';
import {
  activityValueSchema,
  bossValueSchema,
  playerSnapshotSchema,
  skillValueSchema,
} from '#core/wom/wom-data.schema.ts';

/**
 * The parts of WOM's payloads the site uses (reference/wom-api.md §2). Every response is parsed here,
 * so a changed upstream shape fails loudly in one place instead of writing nonsense to the database.
 * Unknown keys are dropped.
 */

const isoDate = z.iso.datetime({ offset: true });

export const womPlayerSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  type: z.string(),
  build: z.string(),
  status: z.string(),
  exp: z.number(),
  ehp: z.number(),
  ehb: z.number(),
  updatedAt: isoDate.nullable(),
});
export type WomPlayer = z.infer<typeof womPlayerSchema>;

/** The site stores and serves WOM's snapshots as they come, so both sides share one shape. */
export const womSnapshotSchema = playerSnapshotSchema.extend({ createdAt: isoDate });
export type WomSnapshot = z.infer<typeof womSnapshotSchema>;

export const womGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  clanChat: z.string().nullable(),
  description: z.string().nullable(),
  homeworld: z.number().nullable(),
  verified: z.boolean(),
  memberCount: z.number().int(),
  createdAt: isoDate,
  updatedAt: isoDate,
});

export const womMembershipSchema = z.object({
  playerId: z.number().int(),
  role: z.string(),
  clientSyncJoinedAt: isoDate.nullable(),
  createdAt: isoDate,
  player: womPlayerSchema,
});
export type WomMembership = z.infer<typeof womMembershipSchema>;

export const womGroupDetailsSchema = womGroupSchema.extend({ memberships: z.array(womMembershipSchema) });
export type WomGroupDetails = z.infer<typeof womGroupDetailsSchema>;

export const womBulkHiscoresSchema = z.array(z.object({ player: womPlayerSchema, data: womSnapshotSchema }));
export type WomBulkHiscores = z.infer<typeof womBulkHiscoresSchema>;

const leaderPlayerSchema = womPlayerSchema.pick({ id: true, displayName: true }).nullable();

export const womGroupStatisticsSchema = z.object({
  maxedCombatCount: z.number().int(),
  maxedTotalCount: z.number().int(),
  maxed200msCount: z.number().int(),
  averageStats: z.object({
    data: z.object({
      skills: z.object({ overall: z.object({ experience: z.number(), level: z.number() }) }),
    }),
  }),
  metricLeaders: z.object({
    skills: z.record(z.string(), skillValueSchema.extend({ player: leaderPlayerSchema })),
    bosses: z.record(z.string(), bossValueSchema.extend({ player: leaderPlayerSchema })),
    activities: z.record(z.string(), activityValueSchema.extend({ player: leaderPlayerSchema })),
  }),
});
export type WomGroupStatistics = z.infer<typeof womGroupStatisticsSchema>;

export const womAchievementSchema = z.object({
  playerId: z.number().int(),
  name: z.string(),
  metric: z.string(),
  threshold: z.number(),
  measure: z.string(),
  createdAt: isoDate,
  player: womPlayerSchema.pick({ id: true, displayName: true }),
});
export const womAchievementsSchema = z.array(womAchievementSchema);
export type WomAchievement = z.infer<typeof womAchievementSchema>;

export const womCompetitionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  metric: z.string(),
  type: z.string(),
  startsAt: isoDate,
  endsAt: isoDate,
  participantCount: z.number().int(),
});
export const womCompetitionsSchema = z.array(womCompetitionSchema);
export type WomCompetition = z.infer<typeof womCompetitionSchema>;

export const womCompetitionDetailsSchema = womCompetitionSchema.extend({
  participations: z.array(
    z.object({
      playerId: z.number().int(),
      player: womPlayerSchema.pick({ id: true, username: true, displayName: true }),
      progress: z.object({ start: z.number(), end: z.number(), gained: z.number() }),
    }),
  ),
});
export type WomCompetitionDetails = z.infer<typeof womCompetitionDetailsSchema>;

export const womPlayerDetailsSchema = womPlayerSchema.extend({
  combatLevel: z.number().int(),
  latestSnapshot: womSnapshotSchema.nullable(),
});
export type WomPlayerDetails = z.infer<typeof womPlayerDetailsSchema>;

/** WOM's error body: `{code?, message}` (the global rate limit has no code). */
export const womErrorBodySchema = z.object({ code: z.string().optional(), message: z.string() });
