import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { adminMember } from '#test/admin-member.ts';
import { membersCsv } from './members-csv.ts';

const rowsOf = (csv: string) => Papa.parse<string[]>(csv).data;

describe('membersCsv', () => {
  it('writes the header and one row per member, with CRLF line ends', () => {
    const csv = membersCsv([adminMember('Zezima', { wom_id: '7', title: null, siege_score: 12 })]);
    expect(csv.split('\r\n')).toEqual([
      'Name,WOM ID,WOM Name,Title,WOM Role,Current Level,Current XP,Initial Level,Initial XP,EHB,Siege Score,Join Date,Updated At',
      'Zezima,7,Zezima,,opal,1500,1000000,1200,500000,10,12,2023-05-17,2026-01-01',
    ]);
  });

  it('writes only the header when there are no members', () => {
    expect(membersCsv([])).toBe(
      'Name,WOM ID,WOM Name,Title,WOM Role,Current Level,Current XP,Initial Level,Initial XP,EHB,Siege Score,Join Date,Updated At',
    );
  });

  it('escapes every cell a spreadsheet would run as a formula, line breaks included', () => {
    const hostile = [
      '=HYPERLINK("http://evil.example","click")',
      '+1+1',
      '-2+3',
      '@SUM(A1)',
      '\t=1',
      '\r=1',
      '=1\n=2',
    ];
    const csv = membersCsv(
      hostile.map((name, i) => adminMember(name, { wom_id: String(i + 1), wom_name: name })),
    );
    const rows = rowsOf(csv).slice(1);
    expect(rows.map((row) => row[0])).toEqual(hostile.map((name) => `'${name}`));
    expect(rows.map((row) => row[2])).toEqual(hostile.map((name) => `'${name}`));
  });

  it('leaves ordinary text and numbers as they are, quoting commas and quotes', () => {
    const [, row] = rowsOf(
      membersCsv([
        adminMember('Iron Man', { title: 'Boss, "the" best', siege_score: 0, wom_name: 'iron-man' }),
      ]),
    );
    expect(row?.slice(0, 4)).toEqual(['Iron Man', 'wom-Iron Man', 'iron-man', 'Boss, "the" best']);
    expect(row?.[10]).toBe('0');
  });
});
