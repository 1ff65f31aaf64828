import type { AdminMember } from './admin-members.schema.ts';

/** The export's columns, in order, exactly as spec §9 names them. */
export const MEMBER_EXPORT_COLUMNS = [
  'Name',
  'WOM ID',
  'WOM Name',
  'Title',
  'WOM Role',
  'Current Level',
  'Current XP',
  'Initial Level',
  'Initial XP',
  'EHB',
  'Siege Score',
  'Join Date',
  'Updated At',
] as const;

export type MemberExportCell = string | number | null;

/** The date part of an ISO timestamp. */
const dateOf = (timestamp: string) => timestamp.slice(0, 10);

/**
 * One member's cells, in column order; missing text stays empty. 'Join Date' is the member's join
 * date, or the day they were added to the site (`created_at`, what the spec names) when none is
 * known: the import reads the column back as the join date, so an export restores join dates
 * (docs/decisions/023-members-import-and-baselines.md).
 */
export function memberExportRow(member: AdminMember): MemberExportCell[] {
  return [
    member.name,
    member.wom_id,
    member.wom_name,
    member.title,
    member.womrole,
    member.current_lvl,
    member.current_xp,
    member.first_lvl,
    member.first_xp,
    member.ehb,
    member.siege_score,
    member.join_date ?? dateOf(member.created_at),
    dateOf(member.updated_at),
  ];
}

/** 'siege-members-{YYYY-MM-DD}.csv', on today's UTC date. */
export function memberExportFileName(now: Date): string {
  return `siege-members-${dateOf(now.toISOString())}.csv`;
}
