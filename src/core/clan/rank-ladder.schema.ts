import { z } from 'zod';
import { WOM_GROUP_ROLES } from '../members/known-roles.ts';

/**
 * What a rank requirement can measure (issue 30): clan XP gained since the baseline, total XP, total
 * level, EHB, EHP, EHB + EHP, siege score, and whole days in the clan.
 */
export const RANK_MEASURES = [
  'clan_xp',
  'total_xp',
  'total_level',
  'ehb',
  'ehp',
  'ehb_ehp',
  'siege_score',
  'tenure_days',
] as const;
export type RankMeasure = (typeof RANK_MEASURES)[number];

/** Bounds that keep one admin's ladder from growing the public answer without end. */
export const LADDER_LIMITS = {
  paths: 10,
  ranksPerPath: 30,
  requirementsPerRank: RANK_MEASURES.length,
  exempt: 30,
  nameLength: 40,
} as const;

/** The largest minimum a requirement can ask: above any real figure (200M XP in 23 skills is 4.6B). */
export const MAX_REQUIREMENT = 100_000_000_000;

/**
 * A role key from WOM's vocabulary or the site's own `pvm_organizer`, as stored: lowercase with
 * underscores ('deputy_owner'). No transform, so the same schema describes the answers too.
 */
const roleKeySchema = z.string().check((ctx) => {
  if (!LADDER_ROLES.has(ctx.value))
    ctx.issues.push({
      code: 'custom',
      input: ctx.value,
      message: `"${ctx.value}" is not one of Wise Old Man's group roles`,
    });
});

/** Roles a ladder may use: WOM's group roles (so the in-game rank matches) plus the site's own title. */
const LADDER_ROLES: ReadonlySet<string> = new Set<string>([...WOM_GROUP_ROLES, 'pvm_organizer']);

const nameSchema = z.string().trim().min(1, 'A name is required').max(LADDER_LIMITS.nameLength);

export const rankRequirementSchema = z.object({
  measure: z.enum(RANK_MEASURES, { message: `The measure must be one of ${RANK_MEASURES.join(', ')}` }),
  min: z
    .number({ message: 'The minimum must be a number' })
    .min(0, 'The minimum must be 0 or more')
    .max(MAX_REQUIREMENT),
});
export type RankRequirement = z.infer<typeof rankRequirementSchema>;

export const ladderRankSchema = z.object({
  role: roleKeySchema,
  name: nameSchema,
  requirements: z.array(rankRequirementSchema).max(LADDER_LIMITS.requirementsPerRank),
});
export type LadderRank = z.infer<typeof ladderRankSchema>;

export const rankPathSchema = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,29}$/, 'A path key is lowercase letters, digits and _ (up to 30)'),
  name: nameSchema,
  ranks: z.array(ladderRankSchema).min(1, 'A path needs at least one rank').max(LADDER_LIMITS.ranksPerPath),
});
export type RankPath = z.infer<typeof rankPathSchema>;

/** The clan's rank ladder as stored and as `GET /api/clan` serves it (issue 30's contract). */
export const rankLadderSchema = z.object({
  paths: z.array(rankPathSchema).max(LADDER_LIMITS.paths),
  exempt: z.array(roleKeySchema).max(LADDER_LIMITS.exempt),
});
export type RankLadder = z.output<typeof rankLadderSchema>;

/** The clan's point values: 1st to 3rd place and everyone else who gained, short events, +N buttons. */
export const clanPointsSchema = z.object({
  placements: z
    .array(z.number().int('Points are whole numbers').min(0).max(1_000))
    .length(4, 'Placements are four amounts: 1st, 2nd, 3rd and everyone else'),
  short: z.number().int('Points are whole numbers').min(0).max(1_000),
  /** The admin table's +N buttons: the first sits on each row, all of them in a row's details. */
  buttons: z.array(z.number().int('Points are whole numbers').min(1).max(1_000)).min(1).max(6),
});
export type ClanPoints = z.infer<typeof clanPointsSchema>;
