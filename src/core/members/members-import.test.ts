import { describe, expect, it } from 'vitest';
import {
  headerProblem,
  planMemberImport,
  unescapeCell,
  type ImportRow,
  type ImportTarget,
} from './members-import.ts';

const members: ImportTarget[] = [
  {
    wom_id: '101',
    name: 'Iron Lad',
    wom_name: 'iron_lad',
    title: null,
    first_lvl: 1200,
    first_xp: 5_000_000,
    siege_score: 10,
    join_date: '2026-11-01',
  },
  {
    wom_id: '102',
    name: 'Twin',
    wom_name: 'twin a',
    title: 'Chief',
    first_lvl: 900,
    first_xp: 1_000,
    siege_score: 0,
    join_date: null,
  },
  {
    wom_id: '103',
    name: 'Twin-A',
    wom_name: 'twin b',
    title: null,
    first_lvl: 0,
    first_xp: 0,
    siege_score: 0,
    join_date: null,
  },
];

let nextLine = 2;
const row = (cells: Record<string, string>): ImportRow => ({ line: nextLine++, cells });

describe('planning a members CSV import', () => {
  it('matches by WOM ID and lists only the fields that change, as [before, after]', () => {
    const plan = planMemberImport(
      [
        row({
          'WOM ID': '101',
          Name: 'Someone Else',
          'Initial Level': '1100',
          'Initial XP': '4,500,000',
          'Siege Score': '10',
          'Join Date': '2019-06-12',
          Title: "'=Boss",
        }),
      ],
      members,
    );
    expect(plan).toEqual({
      changes: [
        {
          wom_id: '101',
          name: 'Iron Lad',
          fields: {
            first_lvl: [1200, 1100],
            first_xp: [5_000_000, 4_500_000],
            join_date: ['2026-11-01', '2019-06-12'],
            title: [null, '=Boss'],
          },
        },
      ],
      errors: [],
    });
  });

  it('matches by name (current or WOM name, any case or separator) when the row has no WOM ID', () => {
    const plan = planMemberImport([row({ Name: 'IRON-LAD', 'Siege Score': '25.9' })], members);
    expect(plan.changes).toEqual([{ wom_id: '101', name: 'Iron Lad', fields: { siege_score: [10, 25] } }]);
  });

  it('leaves a field as it is when its cell is empty, and lists no member whose values already match', () => {
    const plan = planMemberImport(
      [row({ 'WOM ID': '102', Title: '', 'Initial XP': '1000', 'Join Date': '' })],
      members,
    );
    expect(plan).toEqual({ changes: [], errors: [] });
  });

  it('reports every bad row with its line: unknown, ambiguous, repeated or unreadable', () => {
    nextLine = 2;
    const plan = planMemberImport(
      [
        row({ 'WOM ID': '999', 'Siege Score': '1' }),
        row({ Name: 'Twin A', 'Siege Score': '1' }),
        row({ Name: 'Nobody', 'Siege Score': '1' }),
        row({ 'WOM ID': '101', 'Initial XP': 'lots' }),
        row({ 'WOM ID': '101', 'Siege Score': '1' }),
        row({ 'WOM ID': '103', 'Siege Score': '3000000000' }),
        row({ 'WOM ID': '102', 'Join Date': '2026-02-30' }),
        row({ Name: '', 'Siege Score': '1' }),
        row({ 'WOM ID': '12ab', 'Siege Score': '1' }),
      ],
      members,
    );
    expect(plan.changes).toEqual([]);
    expect(plan.errors).toEqual([
      { line: 2, message: 'No member has WOM ID 999' },
      { line: 3, message: "Several members are named 'Twin A': give the WOM ID" },
      { line: 4, message: "No member is named 'Nobody'" },
      { line: 5, message: "Initial XP must be a number of 0 or more, not 'lots'" },
      { line: 6, message: 'Iron Lad is already listed on line 5' },
      { line: 7, message: 'Siege Score must be at most 2,147,483,647' },
      { line: 8, message: "Join Date must be a date (yyyy-MM-dd), not '2026-02-30'" },
      { line: 9, message: 'The row has neither a WOM ID nor a name' },
      { line: 10, message: "'12ab' is not a WOM ID" },
    ]);
  });

  it('takes the date part of a timestamp as the join date', () => {
    const plan = planMemberImport(
      [row({ 'WOM ID': '103', 'Join Date': '2020-01-02T03:04:05.000Z' })],
      members,
    );
    expect(plan.changes[0]?.fields).toEqual({ join_date: [null, '2020-01-02'] });
  });

  it("refuses a header without the export's columns", () => {
    expect(headerProblem(['Player', 'Points'])).toMatch(/neither a 'WOM ID' nor a 'Name' column/);
    expect(headerProblem(['Name', 'WOM ID', 'EHB'])).toMatch(/none of the columns an import sets/);
    expect(headerProblem(['Name', 'WOM ID', 'Siege Score'])).toBeNull();
  });

  it("takes off the export's formula quote, and only that", () => {
    expect(unescapeCell("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(unescapeCell("'-2")).toBe('-2');
    expect(unescapeCell("'quoted'")).toBe("'quoted'");
  });
});
