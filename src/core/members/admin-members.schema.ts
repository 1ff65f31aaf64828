import { z } from 'zod';
import { int32Score } from '../bounds/int32.ts';
import { boundedDate } from '../bounds/years.ts';
import { MAX_SERIAL_ID, womPlayerIdSchema } from '../http/params.schema.ts';
import { UNKNOWN_ROLE_MESSAGE, isKnownRole } from './known-roles.ts';
import { baselineSourceSchema } from './baseline-source.ts';
import { memberReturnSchema } from './member-returns.ts';
import { publicMemberSchema } from './members.schema.ts';
import { rankProposalSchema } from './rank-proposals.ts';
import { normaliseRole } from './roles.ts';

/** The player-watch case that reported a member, as imported (domain-rules.md, Player watch). */
export const watchCaseSchema = z.object({
  accused_rsn: z.string(),
  published_date: z.string().nullable(),
  reason: z.string().nullable(),
  evidence_rating: z.string().nullable(),
  quick_find: z.string().nullable(),
  source: z.string().nullable(),
});
export type WatchCaseView = z.infer<typeof watchCaseSchema>;

/**
 * A member as the admin dashboard sees them (`GET /api/admin/members`): the public fields plus
 * visibility, player-watch state, WOM's own role and the dates the public never sees.
 */
export const adminMemberSchema = publicMemberSchema.extend({
  hidden: z.boolean(),
  not_in_wom: z.boolean(),
  /** The role WOM last reported; differs from `womrole` after an admin's Update Rank. */
  wom_role_synced: z.string().nullable(),
  /** True when the Alerts tab proposes a rank change: `rank_proposal` is set. */
  role_mismatch: z.boolean(),
  /** Where first_xp and first_lvl came from; a "first seen" baseline never proposes a gem demotion. */
  baseline_source: baselineSourceSchema,
  rank_proposal: rankProposalSchema.nullable(),
  /** The rank the promotion queue proposes (`rank_proposal.rank`), or null. */
  proposed_role: z.string().nullable(),
  /** Since when the proposal has been due: the queue shows who has waited longest (issue 30). */
  due_since: z.string().nullable(),
  runewatch_flagged: z.boolean(),
  runewatch_reported: z.boolean(),
  runewatch_reported_at: z.string().nullable(),
  runewatch_case: watchCaseSchema.nullable(),
  runewatch_whitelisted: z.boolean(),
  runewatch_whitelist_reason: z.string().nullable(),
  runewatch_whitelisted_at: z.string().nullable(),
  left_at: z.string().nullable(),
  deleted_at: z.string().nullable(),
  /** Each time the member came back after leaving, oldest first; the join date kept is the first. */
  returns: z.array(memberReturnSchema),
});
export type AdminMember = z.infer<typeof adminMemberSchema>;

export const MEMBER_FORM_MESSAGES = {
  nameRequired: 'Name is required',
  womIdRequired: 'Member ID (WOM ID) is required for updates',
  womIdInvalid: 'WOM ID is empty or invalid after processing',
  memberIdMissing: 'Cannot update: Member ID is missing',
  deleteMissingId: 'Cannot delete member: Missing identifier',
  notZeroOrMore: 'Must be 0 or more',
} as const;

/** XP is a bigint, kept within what a double holds exactly. */
const MAX_XP = Number.MAX_SAFE_INTEGER;

/** A number field of the member form: 0 or more, floored to a whole number (spec §5). */
const wholeNumber = (max: number) =>
  z.number().finite().min(0, MEMBER_FORM_MESSAGES.notZeroOrMore).max(max).transform(Math.floor);
/** Levels, EHB and the score: what an integer column holds. */
const int32Field = int32Score(MEMBER_FORM_MESSAGES.notZeroOrMore);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((text) => (text === null || text === '' ? null : text));

/** A clan rank's stored key (`deputy_owner`); typed or displayed forms are normalised, blank is none. */
const roleSchema = z
  .string()
  .max(32)
  .nullable()
  .transform((role) => normaliseRole(role))
  .refine((role) => role === null || isKnownRole(role), UNKNOWN_ROLE_MESSAGE);

const joinDateSchema = boundedDate('Join Date', 'Join Date must be a date (yyyy-MM-dd)').nullable();

/** The editable fields of the member form (spec §3, Member edit form). */
export const memberFieldsSchema = z.object({
  name: z.string().trim().min(1, MEMBER_FORM_MESSAGES.nameRequired).max(64),
  wom_name: optionalText(64),
  womrole: roleSchema,
  title: optionalText(64),
  join_date: joinDateSchema,
  current_lvl: int32Field,
  current_xp: wholeNumber(MAX_XP),
  first_lvl: int32Field,
  first_xp: wholeNumber(MAX_XP),
  ehb: int32Field,
  siege_score: int32Field,
});
export type MemberFields = z.infer<typeof memberFieldsSchema>;
export type MemberFieldsInput = z.input<typeof memberFieldsSchema>;

/** The WOM id a new member is keyed by: required, trimmed, a WOM player id (spec §5). */
export const newMemberWomIdSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? MEMBER_FORM_MESSAGES.womIdRequired
        : MEMBER_FORM_MESSAGES.womIdInvalid,
  })
  .trim()
  .regex(/^[1-9]\d{0,9}$/, MEMBER_FORM_MESSAGES.womIdInvalid)
  .refine((id) => Number(id) <= MAX_SERIAL_ID, MEMBER_FORM_MESSAGES.womIdInvalid);

/** `POST /api/admin/members`: a new member with every field of the form. */
export const createMemberInputSchema = memberFieldsSchema.extend({ wom_id: newMemberWomIdSchema });
export type CreateMemberInput = z.input<typeof createMemberInputSchema>;

/**
 * `PATCH /api/admin/members/:womId`: only the fields the admin changed, and the `updated_at` of the
 * member as the form loaded it. A member changed since then is refused with 409, so one admin never
 * silently overwrites another's save.
 */
export const updateMemberInputSchema = memberFieldsSchema.partial().extend({
  expected_updated_at: z.string().min(1).max(40),
});
export type UpdateMemberInput = z.input<typeof updateMemberInputSchema>;

export const memberParamsSchema = z.object({ womId: womPlayerIdSchema });

/** A +N button's amount; which amounts the clan's buttons give is checked against its settings. */
export const addPointsInputSchema = z.object({
  amount: z.number().int('amount must be a whole number').min(1).max(1_000),
});

/** The refusal of an amount that is not one of the clan's +N buttons (issue 30: the buttons are settings). */
export const notAButtonMessage = (buttons: readonly number[]) =>
  `amount must be one of ${buttons.join(', ')}`;

export const visibilityInputSchema = z.object({ hidden: z.boolean() });

export const rankInputSchema = z.object({
  role: z
    .string()
    .max(32)
    .transform((role) => normaliseRole(role))
    .refine((role): role is string => role !== null && isKnownRole(role), UNKNOWN_ROLE_MESSAGE),
});

export const DEFAULT_WHITELIST_REASON = 'Manually whitelisted by admin';

/** Whitelisting a reported member; an empty reason is the default one (spec §5). */
export const whitelistInputSchema = z.object({
  reason: z
    .string()
    .max(500)
    .nullish()
    .transform((reason) => reason?.trim() || DEFAULT_WHITELIST_REASON),
});

/** The message of a refused save: someone else saved the member after the form was opened. */
export const memberChangedMessage = (name: string) =>
  `${name} was changed by someone else after you opened it. Close the form to see their changes, then edit again.`;
