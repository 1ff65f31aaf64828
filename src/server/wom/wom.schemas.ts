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
  /** When any of the player's stats last changed; null until one has. */
  lastChangedAt: isoDate.nullish().transform((at) => at ?? null),
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
  // WOM dates an achievement the player had already reached when WOM first saw them at the Unix
  // epoch (fixtures/wom-recorded/README.md): its date is unknown, read as null.
  createdAt: isoDate.transform((date) => (Date.parse(date) === 0 ? null : date)),
  player: womPlayerSchema.pick({ id: true, displayName: true }),
});
export const womAchievementsSchema = z.array(womAchievementSchema);
export type WomAchievement = z.infer<typeof womAchievementSchema>;

/**
 * A competition's metrics: WOM sends `metrics: [{metric, weight, createdAt}]` beside the deprecated
 * `metric`; the site reads the list, or the one metric when the list is absent, so it keeps working
 * the day WOM drops either. `metric` is the first of them.
 */
export const womCompetitionSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    metric: z.string().optional(),
    metrics: z.array(z.object({ metric: z.string() })).optional(),
    type: z.string(),
    startsAt: isoDate,
    endsAt: isoDate,
    participantCount: z.number().int(),
  })
  .transform(({ metric, metrics, ...competition }, context) => {
    const listed = metrics?.map((entry) => entry.metric) ?? (metric === undefined ? [] : [metric]);
    const first = listed[0];
    if (first === undefined) {
      context.addIssue({ code: 'custom', message: 'a competition without a metric', path: ['metrics'] });
      return z.NEVER;
    }
    return { ...competition, metric: first, metrics: listed };
  });
export const womCompetitionsSchema = z.array(womCompetitionSchema);
export type WomCompetition = z.infer<typeof womCompetitionSchema>;

export const womCompetitionDetailsSchema = z
  .object({
    participations: z.array(
      z.object({
        playerId: z.number().int(),
        /** The participant's team in a team competition; null (or absent) in a classic one. */
        teamName: z
          .string()
          .nullish()
          .transform((team) => team ?? null),
        player: womPlayerSchema.pick({ id: true, username: true, displayName: true }),
        progress: z.object({ start: z.number(), end: z.number(), gained: z.number() }),
      }),
    ),
  })
  .and(womCompetitionSchema);

/** `POST /competitions`'s answer: the competition with its participations, and its own code. */
export const womCreatedCompetitionSchema = z.object({
  competition: womCompetitionDetailsSchema,
  verificationCode: z.string(),
});
export type WomCreatedCompetition = z.infer<typeof womCreatedCompetitionSchema>;

/** What the site asks WOM to create: a competition of its group, by the group's verification code. */
export interface WomCompetitionRequest {
  title: string;
  metric: string;
  startsAt: string;
  endsAt: string;
  groupId: number;
  groupVerificationCode: string;
  teams?: Array<{ name: string; participants: string[] }>;
}
export type WomCompetitionDetails = z.infer<typeof womCompetitionDetailsSchema>;

export const womPlayerDetailsSchema = womPlayerSchema.extend({
  combatLevel: z.number().int(),
  latestSnapshot: womSnapshotSchema.nullable(),
});
export type WomPlayerDetails = z.infer<typeof womPlayerDetailsSchema>;

/** WOM's error body: `{code?, message}` (the global rate limit has no code). */
export const womErrorBodySchema = z.object({ code: z.string().optional(), message: z.string() });

/**
 * `GET /players/:username/snapshots?startDate&endDate&limit`: the player's snapshots in the window,
 * newest first (reference/wom-api.md §2.12). The baseline backfill reads the one nearest a join date.
 */
export const womSnapshotsSchema = z.array(womSnapshotSchema);
export type WomSnapshots = z.infer<typeof womSnapshotsSchema>;
