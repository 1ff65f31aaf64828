import { z } from 'zod';
import {
  memberFieldsSchema,
  type createMemberInputSchema,
  type AdminMember,
  type MemberFields,
  type UpdateMemberInput,
} from '#core/members/admin-members.schema.ts';

/** What the member form holds: every editable field and the WOM id, before validation. */
export type MemberFormValues = z.input<typeof createMemberInputSchema>;
/** The form's values once validated: text trimmed, the rank normalised, numbers floored. */
export type MemberFormOutput = z.output<typeof createMemberInputSchema>;

/** Spec §9: a new member starts as an Opal. */
export const DEFAULT_NEW_MEMBER_RANK = 'opal';

/**
 * Editing validates the same fields as adding, but keeps the WOM id as loaded: it is the member's
 * key, shown read-only and never sent.
 */
export const editMemberSchema = memberFieldsSchema.extend({ wom_id: z.string() });

const EDITABLE_FIELDS = [
  'name',
  'wom_name',
  'womrole',
  'title',
  'join_date',
  'current_lvl',
  'current_xp',
  'first_lvl',
  'first_xp',
  'ehb',
  'siege_score',
] as const satisfies ReadonlyArray<keyof MemberFields>;

/**
 * A new member (spec §3): every number 0, joined today, on the ladder's first rank when it is known,
 * else the spec's Opal.
 */
export function newMemberValues(
  today: string,
  firstRank: string = DEFAULT_NEW_MEMBER_RANK,
): MemberFormValues {
  return {
    wom_id: '',
    name: '',
    wom_name: '',
    womrole: firstRank,
    title: null,
    join_date: today,
    current_lvl: 0,
    current_xp: 0,
    first_lvl: 0,
    first_xp: 0,
    ehb: 0,
    siege_score: 0,
  };
}

/** The form filled in with a member as the dashboard loaded them. */
export function memberFormValues(member: AdminMember): MemberFormValues {
  return {
    wom_id: member.wom_id,
    name: member.name,
    wom_name: member.wom_name,
    womrole: member.womrole,
    title: member.title,
    join_date: member.join_date,
    current_lvl: member.current_lvl,
    current_xp: member.current_xp,
    first_lvl: member.first_lvl,
    first_xp: member.first_xp,
    ehb: member.ehb,
    siege_score: member.siege_score,
  };
}

/**
 * The update to send for an edited member: only the fields that differ from the member as loaded,
 * with the `updated_at` it was loaded at, so the server can refuse it when someone saved in between.
 * The loaded values pass through the form's own rules first, so a field the admin left alone never
 * counts as changed because it was stored untrimmed or in another case. Null when nothing changed.
 */
export function memberChanges(member: AdminMember, saved: MemberFields): UpdateMemberInput | null {
  const loaded = memberFieldsSchema.safeParse(memberFormValues(member));
  const before: MemberFields = loaded.success ? loaded.data : member;
  const changes: Partial<MemberFields> = {};
  const copy = <K extends keyof MemberFields>(field: K) => {
    changes[field] = saved[field];
  };
  for (const field of EDITABLE_FIELDS) if (saved[field] !== before[field]) copy(field);
  if (Object.keys(changes).length === 0) return null;
  return { ...changes, expected_updated_at: member.updated_at };
}
