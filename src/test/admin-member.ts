import type { AdminMember } from '#core/members/admin-members.schema.ts';
import { publicMember } from './public-member.ts';

/** A member as /api/admin/members sends it: visible, in WOM, never reported, with any field overridden. */
export function adminMember(name: string, overrides: Partial<AdminMember> = {}): AdminMember {
  return {
    ...publicMember(name),
    hidden: false,
    not_in_wom: false,
    wom_role_synced: 'opal',
    role_mismatch: false,
    baseline_source: 'first_seen',
    rank_proposal: null,
    proposed_role: overrides.rank_proposal?.rank ?? null,
    due_since: null,
    runewatch_flagged: false,
    runewatch_reported: false,
    runewatch_reported_at: null,
    runewatch_case: null,
    runewatch_whitelisted: false,
    runewatch_whitelist_reason: null,
    runewatch_whitelisted_at: null,
    left_at: null,
    deleted_at: null,
    returns: [],
    ...overrides,
  };
}
