import { normaliseRsn } from '#core/members/names.ts';

/** A member the teams may name: by their name on the site or the name WOM knows them by. */
export interface TeamCandidate {
  wom_id: string;
  name: string;
  wom_name: string | null;
}

export interface CompetitionTeam {
  name: string;
  members: string[];
}

/**
 * The teams as typed, one per line: 'Red: Zezima, Lynx Titan'. Names are matched as the roster search
 * matches them (spaces, '_' and '-' alike, any case); a name no member has, or a line without a team
 * name, is refused with the line it is on. A blank text is no teams: every member plays.
 */
export function parseTeams(
  text: string,
  members: readonly TeamCandidate[],
): { teams: CompetitionTeam[] } | { error: string } {
  const byName = new Map<string, string>();
  for (const member of members) {
    for (const name of [member.name, member.wom_name])
      if (name) byName.set(normaliseRsn(name), member.wom_id);
  }
  const teams: CompetitionTeam[] = [];
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  for (const [index, line] of lines.entries()) {
    const colon = line.indexOf(':');
    const name = colon === -1 ? '' : line.slice(0, colon).trim();
    if (name === '') return { error: `Line ${index + 1}: write the team's name, a colon, then its members` };
    const names = line
      .slice(colon + 1)
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    if (names.length === 0) return { error: `Line ${index + 1}: team ${name} has no members` };
    const ids: string[] = [];
    for (const member of names) {
      const womId = byName.get(normaliseRsn(member));
      if (womId === undefined) return { error: `Line ${index + 1}: no member is called ${member}` };
      ids.push(womId);
    }
    teams.push({ name, members: ids });
  }
  return { teams };
}
