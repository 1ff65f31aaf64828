import { z } from 'zod';
import { clanProfileSettingsSchema } from './clan-profile.schema.ts';
import { ladderProblem } from './rank-ladder.ts';
import { LADDER_LIMITS, clanPointsSchema, rankLadderSchema, type RankLadder } from './rank-ladder.schema.ts';

/** The Ranks and Clan tabs' data (`GET /api/admin/clan`): every setting, the verification code only as "set". */
export const adminClanSchema = z.object({
  ranks: rankLadderSchema,
  points: clanPointsSchema,
  profile: clanProfileSettingsSchema,
  wom_verification_code_set: z.boolean(),
});
export type AdminClan = z.infer<typeof adminClanSchema>;

/**
 * `PUT /api/admin/clan/ranks`: a ladder in the shape `GET /api/clan` serves, read by `parseLadder`
 * so that a fault is named by its rank rather than by its position in the JSON.
 */
export const ranksInputSchema = z.object({
  paths: z.array(z.unknown()).max(LADDER_LIMITS.paths),
  exempt: z.array(z.unknown()).max(LADDER_LIMITS.exempt),
  dry_run: z.boolean().default(false),
});

/** One member whose rank the ladder would propose to change. */
export const ladderProposalSchema = z.object({
  wom_id: z.string(),
  name: z.string(),
  from: z.string().nullable(),
  to: z.string(),
  direction: z.enum(['promotion', 'demotion']),
});
export type LadderProposal = z.infer<typeof ladderProposalSchema>;

/** What a ladder would change, or has changed once saved: the proposals and the ranks nobody holds. */
export const ranksAnswerSchema = z.object({
  proposals: z.array(ladderProposalSchema),
  unheld: z.array(z.object({ role: z.string(), name: z.string() })),
  saved: z.boolean(),
});
export type RanksAnswer = z.infer<typeof ranksAnswerSchema>;

/** `PUT /api/admin/clan/points`: the +N buttons may be left out, keeping the ones saved. */
export const pointsInputSchema = clanPointsSchema.partial({ buttons: true });

/** `PUT /api/admin/clan/profile`: any subset of the profile's fields. */
export const profileInputSchema = clanProfileSettingsSchema
  .partial()
  .strict()
  .refine((input) => Object.keys(input).length > 0, 'Nothing to change');

/** `PUT /api/admin/clan/wom-code`: the WOM group's verification code, or null to forget it. */
export const womCodeInputSchema = z.object({
  code: z.string().trim().min(1, 'The verification code is required').max(100).nullable(),
});

const labelOf = (value: unknown, fallback: string): string => {
  if (typeof value === 'object' && value !== null) {
    const { name, role } = value as { name?: unknown; role?: unknown };
    if (typeof name === 'string' && name.trim() !== '') return name.trim();
    if (typeof role === 'string' && role.trim() !== '') return role.trim();
  }
  return fallback;
};

/** The rank (or path, or exempt role) an issue's JSON path points into, as people would name it. */
function whereOf(input: { paths: unknown[]; exempt: unknown[] }, path: ReadonlyArray<PropertyKey>): string {
  const [list, first, field, second] = path;
  if (list === 'exempt' && typeof first === 'number') return `Exempt role ${String(input.exempt[first])}`;
  if (list !== 'paths' || typeof first !== 'number') return 'The ladder';
  const rankPath = input.paths[first];
  const pathLabel = labelOf(rankPath, `Path ${first + 1}`);
  if (field !== 'ranks' || typeof second !== 'number') return pathLabel;
  const ranks = (rankPath as { ranks?: unknown[] }).ranks ?? [];
  return labelOf(ranks[second], `${pathLabel} rank ${second + 1}`);
}

/** A ladder from a request, or the reason it cannot be one, naming the rank at fault (issue 30). */
export function parseLadder(input: {
  paths: unknown[];
  exempt: unknown[];
}): { ladder: RankLadder } | { error: string } {
  const parsed = rankLadderSchema.safeParse({ paths: input.paths, exempt: input.exempt });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { error: issue ? `${whereOf(input, issue.path)}: ${issue.message}` : 'The ladder is not valid' };
  }
  const problem = ladderProblem(parsed.data);
  return problem === null ? { ladder: parsed.data } : { error: problem };
}
