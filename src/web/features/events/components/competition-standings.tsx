import { useState } from 'react';
import type { WomCompetitionItem } from '#core/wom/wom-data.schema.ts';
import { metricDisplayName } from '#core/metrics/metric-names.ts';
import { rankByValue } from '#core/ranking/competition-ranking.ts';
import { MemberLink } from '../../../components/member-link.tsx';
import { formatNumber } from '../../../lib/format.ts';

/**
 * The players listed before "and N more", until the visitor asks for the rest: a long competition's
 * tail says little at a glance. The page already holds every player (`/api/wom-competitions` sends
 * the whole standings), so showing them fetches nothing.
 */
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
  const [all, setAll] = useState(false);
  const cut = listedAtFirst(players);
  const shown = all ? players : players.slice(0, cut);
  const hidden = players.length - cut;
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
              <MemberLink womId={String(player.playerId)}>{player.displayName}</MemberLink>
            </th>
            {teams && <td className="py-1 pr-3 text-stone-300">{player.teamName ?? '-'}</td>}
            <td className="py-1 text-right tabular-nums">{formatNumber(player.progress.gained)}</td>
          </tr>
        ))}
      </tbody>
      {hidden > 0 && (
        <tfoot>
          <tr>
            <td colSpan={teams ? 3 : 2} className="pt-1 text-xs text-stone-400">
              {!all && <>and {hidden} more </>}
              <button
                type="button"
                aria-expanded={all}
                onClick={() => setAll(!all)}
                className="text-sky-300 hover:text-sky-200 hover:underline"
              >
                {all ? `Show the top ${PLAYERS_SHOWN}` : `Show all ${players.length} players`}
              </button>
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
