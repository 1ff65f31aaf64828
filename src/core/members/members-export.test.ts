import { describe, expect, it } from 'vitest';
import type { AdminMember } from './admin-members.schema.ts';
import { MEMBER_EXPORT_COLUMNS, memberExportFileName, memberExportRow } from './members-export.ts';

const member = {
  wom_id: '1234',
  name: 'Zezima',
  wom_name: null,
  title: 'Legend',
  womrole: 'deputy_owner',
  current_lvl: 2100,
  current_xp: 400_000_000,
  first_lvl: 1900,
  first_xp: 250_000_000,
  ehb: 812,
  siege_score: 45,
  join_date: '2019-01-01',
  created_at: '2023-05-17T10:00:00.000Z',
  updated_at: '2026-11-20T23:59:59.999Z',
} as AdminMember;

describe('members export', () => {
  it('names the columns exactly as the spec lists them', () => {
    expect(MEMBER_EXPORT_COLUMNS.join(',')).toBe(
      'Name,WOM ID,WOM Name,Title,WOM Role,Current Level,Current XP,Initial Level,Initial XP,EHB,Siege Score,Join Date,Updated At',
    );
  });

  it("fills a member's cells in column order, dates only, joined on their join date", () => {
    expect(memberExportRow(member)).toEqual([
      'Zezima',
      '1234',
      null,
      'Legend',
      'deputy_owner',
      2100,
      400_000_000,
      1900,
      250_000_000,
      812,
      45,
      '2019-01-01',
      '2026-11-20',
    ]);
    expect(memberExportRow(member)).toHaveLength(MEMBER_EXPORT_COLUMNS.length);
  });

  it('falls back to the day the member was added when their join date is unknown', () => {
    expect(memberExportRow({ ...member, join_date: null })[11]).toBe('2023-05-17');
  });

  it('names the file after the UTC date', () => {
    expect(memberExportFileName(new Date('2026-11-21T23:30:00-05:00'))).toBe('siege-members-2026-11-22.csv');
  });
});
