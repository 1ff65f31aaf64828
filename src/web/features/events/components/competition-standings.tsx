import type { WomCompetitionItem } from '#core/wom/wom-data.schema.ts';
import { metricDisplayName } from '#core/metrics/metric-names.ts';
import { rankByValue } from '#core/ranking/competition-ranking.ts';
import { formatNumber } from '../../../lib/format.ts';

/** The players listed before "and N more": a long competition's tail says little. */
const PLAYERS_SHOWN = 10;

type Participant = NonNullable<WomCompetitionItem['participants']>[number];

function TeamTable({ teams }: { teams: NonNullable<WomCompetitionItem['teams']> }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="pb-1 text-left text-xs font-medium tracking-wide text-stone-400 uppercase">
        Teams
      </caption>
      <thead className="text-xs text-stone-400">
        <tr>
          <th scope="col" className="py-1 pr-3 font-medium">
            Place
          </th>
          <th scope="col" className="py-1 pr-3 font-medium">
            Team
          </th>
          <th scope="col" className="py-1 pr-3 text-right font-medium">
            Members
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Gained
          </th>
        </tr>
      </thead>
      <tbody>
        {teams.map((team) => (
          <tr key={team.team} className="border-t border-stone-800">
            <td className="py-1 pr-3 tabular-nums">{team.placement > 0 ? team.placement : '-'}</td>
            <th scope="row" className="py-1 pr-3 font-medium text-stone-100">
              {team.team}
            </th>
            <td className="py-1 pr-3 text-right tabular-nums">{team.players}</td>
            <td className="py-1 text-right tabular-nums">{formatNumber(team.gained)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * How many of the players (best gain first) the table lists before "and N more": the top 10 places
 * by the site's one ranking, everyone tied at 10th included, filled up to 10 with players who gained
 * nothing (they take no place).
 */
function listedAtFirst(players: readonly Participant[]): number {
  const placed = rankByValue(players, (player) => player.progress.gained, { top: PLAYERS_SHOWN });
  return Math.max(PLAYERS_SHOWN, placed.length);
}

function PlayerTable({ players, teams }: { players: Participant[]; teams: boolean }) {
  const shown = players.slice(0, listedAtFirst(players));
  return (
    <table className="w-full text-left text-sm">
      <caption className="pb-1 text-left text-xs font-medium tracking-wide text-stone-400 uppercase">
        Players
      </caption>
      <thead className="text-xs text-stone-400">
        <tr>
          <th scope="col" className="py-1 pr-3 font-medium">
            Player
          </th>
          {teams && (
            <th scope="col" className="py-1 pr-3 font-medium">
              Team
            </th>
          )}
          <th scope="col" className="py-1 text-right font-medium">
            Gained
          </th>
        </tr>
      </thead>
      <tbody>
        {shown.map((player) => (
          <tr key={player.playerId} className="border-t border-stone-800">
            <th scope="row" className="py-1 pr-3 font-normal break-words text-stone-100">
              {player.displayName}
            </th>
            {teams && <td className="py-1 pr-3 text-stone-300">{player.teamName ?? '-'}</td>}
            <td className="py-1 text-right tabular-nums">{formatNumber(player.progress.gained)}</td>
          </tr>
        ))}
      </tbody>
      {players.length > shown.length && (
        <tfoot>
          <tr>
            <td colSpan={teams ? 3 : 2} className="pt-1 text-xs text-stone-400">
              and {players.length - shown.length} more
            </td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}

/**
 * A linked competition's standings as WOM last gave them: a team competition's teams (place, team,
 * members, total gained), then every player's gain, best first.
 */
export function CompetitionStandings({ competition }: { competition: WomCompetitionItem }) {
  const players = [...(competition.participants ?? [])].sort((a, b) => b.progress.gained - a.progress.gained);
  const teams = competition.teams;
  return (
    <div className="space-y-3">
      {competition.metrics.length > 1 && (
        <p className="text-xs text-stone-400">
          Counts {competition.metrics.map((metric) => metricDisplayName(metric)).join(', ')}
        </p>
      )}
      <div className="grid items-start gap-4 sm:grid-cols-2">
        {teams && teams.length > 0 && <TeamTable teams={teams} />}
        {players.length > 0 ? (
          <PlayerTable players={players} teams={teams !== null} />
        ) : (
          <p className="text-sm text-stone-400 italic">No standings yet</p>
        )}
      </div>
    </div>
  );
}
