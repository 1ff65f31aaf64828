import { describe, expect, it } from 'vitest';
import { parseTeams } from './competition-teams.ts';

const MEMBERS = [
  { wom_id: '1', name: 'Zezima', wom_name: 'zezima' },
  { wom_id: '2', name: 'Lynx Titan', wom_name: 'Lynx_Titan' },
  { wom_id: '3', name: 'B0aty', wom_name: null },
];

describe('competition teams as typed', () => {
  it('reads one team a line, matching names as the roster search does', () => {
    expect(parseTeams('Red: zezima, lynx-titan\n\n  Blue : B0ATY ', MEMBERS)).toEqual({
      teams: [
        { name: 'Red', members: ['1', '2'] },
        { name: 'Blue', members: ['3'] },
      ],
    });
  });

  it('is no teams when left blank', () => {
    expect(parseTeams('  \n', MEMBERS)).toEqual({ teams: [] });
  });

  it('names the line of a team without a name, without members, or with a stranger', () => {
    expect(parseTeams('Zezima, B0aty', MEMBERS)).toEqual({
      error: "Line 1: write the team's name, a colon, then its members",
    });
    expect(parseTeams('Red: Zezima\nBlue:', MEMBERS)).toEqual({ error: 'Line 2: team Blue has no members' });
    expect(parseTeams('Red: Zezima, Durial321', MEMBERS)).toEqual({
      error: 'Line 1: no member is called Durial321',
    });
  });
});
