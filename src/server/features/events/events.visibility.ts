import { competitionWinners } from '#core/events/competition-results.ts';
import { teamCompetitionWinners } from '#core/events/team-competition-awards.ts';
import { normaliseRsn } from '#core/members/names.ts';

/**
 * The members the public must not see (hidden, deleted or gone from the clan), by WOM id and by
 * every name the site knows them by, normalised (normaliseRsn): a manual event knows its winner
 * only by name.
 */
export interface HiddenMembers {
  ids: ReadonlySet<number>;
  names: ReadonlySet<string>;
}

/** One participant of a finished competition as the sync stored its standings. */
export interface Standing {
  playerId: number;
  displayName: string;
  /** Set in a team competition (absent in standings stored before teams were read). */
  teamName?: string | null;
  progress: { gained: number };
}

const isHidden = (participant: Standing, hidden: HiddenMembers) =>
  hidden.ids.has(participant.playerId) || hidden.names.has(normaliseRsn(participant.displayName));

/**
 * The winners an event shows the public: every participant at place 1 of the stored standings once
 * the members the public must not see are taken out, as a hidden metric leader gives way to the best
 * visible member (wom-data.visibility.ts). A hidden co-winner is left out; a hidden sole winner gives
 * way to the best visible participants. Without standings (a manual event) the event shows the one
 * winner it records, unless that winner is hidden. No recorded winner means none to show, even where
 * standings exist. `wonByHiddenMember` says the event's booked results name a hidden winner; only the
 * event without standings needs it, as standings name every participant by WOM id.
 */
export function visibleWinners(
  winner: string | null,
  standings: readonly Standing[] | null,
  hidden: HiddenMembers,
  wonByHiddenMember = false,
): string[] {
  if (winner === null) return [];
  if (standings === null) {
    // A win booked to a hidden member counts even when the stored name no longer matches theirs.
    const winnerHidden = wonByHiddenMember || hidden.names.has(normaliseRsn(winner));
    return winnerHidden ? [] : [winner];
  }
  const visible = standings.filter((participant) => !isHidden(participant, hidden));
  if (standings.some((participant) => participant.teamName)) {
    // A team competition is won by a team, placed on every player's gain, shown by its visible players.
    return teamCompetitionWinners(
      standings.map((participant) => ({
        key: String(participant.playerId),
        displayName: participant.displayName,
        team: participant.teamName ?? '',
        gained: participant.progress.gained,
        hidden: isHidden(participant, hidden),
      })),
    )
      .filter((winner) => !winner.hidden)
      .map((winner) => winner.displayName);
  }
  return competitionWinners(
    visible.map((participant) => ({ key: participant.displayName, gained: participant.progress.gained })),
  );
}
