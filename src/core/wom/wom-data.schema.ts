import { z } from 'zod';
import { womPlayerIdSchema } from '../http/params.schema.ts';
import { ACHIEVEMENT_LIMITS } from './achievement-limits.ts';

/**
 * What the site serves of WOM's data, from its own database and cache. Field names follow WOM's
 * (camelCase), as the spec names them (§3: Group stats, External competition, Achievement).
 */

const playerRefSchema = z.object({ id: z.number().int(), displayName: z.string() });

export const womGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  clanChat: z.string().nullable(),
  description: z.string().nullable(),
  homeworld: z.number().nullable(),
  verified: z.boolean(),
  memberCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  memberships: z.array(
    z.object({
      playerId: z.number().int(),
      role: z.string(),
      player: playerRefSchema.extend({
        type: z.string(),
        build: z.string(),
        exp: z.number(),
        ehb: z.number(),
      }),
    }),
  ),
});
export type WomGroup = z.infer<typeof womGroupSchema>;

export const womGroupStatsSchema = z.object({
  maxedCombatCount: z.number().int(),
  maxedTotalCount: z.number().int(),
  maxed200msCount: z.number().int(),
  averageLevel: z.number(),
  averageExperience: z.number(),
  memberCount: z.number().int(),
  metricLeaders: z.object({
    bosses: z.record(
      z.string(),
      z.object({
        metric: z.string(),
        kills: z.number(),
        rank: z.number(),
        player: playerRefSchema.nullable(),
      }),
    ),
    activities: z.record(
      z.string(),
      z.object({
        metric: z.string(),
        score: z.number(),
        rank: z.number(),
        player: playerRefSchema.nullable(),
      }),
    ),
  }),
});
export type WomGroupStats = z.infer<typeof womGroupStatsSchema>;

export const achievementsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ACHIEVEMENT_LIMITS.expanded).default(ACHIEVEMENT_LIMITS.default),
});

export const womAchievementSchema = z.object({
  name: z.string(),
  metric: z.string(),
  threshold: z.number(),
  /** Null when WOM does not know when it was reached: it had been before WOM first saw the player. */
  createdAt: z.string().nullable(),
  player: playerRefSchema,
});
export type WomAchievementItem = z.infer<typeof womAchievementSchema>;

const progressSchema = z.object({ start: z.number(), end: z.number(), gained: z.number() });

export const womCompetitionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The first of `metrics`, WOM's deprecated single metric. */
  metric: z.string(),
  /** Every metric the competition counts. */
  metrics: z.array(z.string()),
  /** 'classic' or 'team'. */
  type: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  participantCount: z.number().int(),
  /** Standings when the site has them (finished and ongoing competitions), best first; else null. */
  participants: z
    .array(
      z.object({
        playerId: z.number().int(),
        displayName: z.string(),
        /** The participant's team in a team competition; null in a classic one. */
        teamName: z.string().nullable(),
        progress: progressSchema,
      }),
    )
    .nullable(),
  /** A team competition's teams by the total their players gained (team, place, total, players); else null. */
  teams: z
    .array(
      z.object({
        team: z.string(),
        placement: z.number().int(),
        gained: z.number(),
        players: z.number().int(),
      }),
    )
    .nullable(),
});
export type WomCompetitionItem = z.infer<typeof womCompetitionSchema>;

export const playerQuerySchema = z.object({ id: womPlayerIdSchema });

/** One metric's value in a snapshot, as WOM sends it and as the site passes it on (-1 = unranked). */
export const skillValueSchema = z.object({ experience: z.number(), rank: z.number(), level: z.number() });
export const bossValueSchema = z.object({ kills: z.number(), rank: z.number() });
export const activityValueSchema = z.object({ score: z.number(), rank: z.number() });
const computedValueSchema = z.object({ value: z.number(), rank: z.number() });

export const playerSnapshotSchema = z.object({
  createdAt: z.string(),
  data: z.object({
    skills: z.record(z.string(), skillValueSchema),
    bosses: z.record(z.string(), bossValueSchema),
    activities: z.record(z.string(), activityValueSchema),
    computed: z.record(z.string(), computedValueSchema),
  }),
});
export type PlayerSnapshot = z.infer<typeof playerSnapshotSchema>;

export const womPlayerSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  type: z.string().nullable(),
  build: z.string().nullable(),
  exp: z.number(),
  ehb: z.number(),
  combatLevel: z.number().int(),
  fetchedAt: z.string(),
  latestSnapshot: playerSnapshotSchema.nullable(),
});
export type WomPlayerItem = z.infer<typeof womPlayerSchema>;
