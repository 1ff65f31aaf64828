import { competitionWinner } from '#core/events/competition-results.ts';
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
  progress: { gained: number };
}

const isHidden = (participant: Standing, hidden: HiddenMembers) =>
  hidden.ids.has(participant.playerId) || hidden.names.has(normaliseRsn(participant.displayName));

/**
 * The winner an event shows the public. A winner who is a hidden member gives way to the best
 * visible participant of the stored standings, as a hidden metric leader gives way to the best
 * visible member (wom-data.visibility.ts): the podium the public sees, with the hidden member
 * taken out. Without standings (a manual event), or when no visible participant gained, there is
 * no winner to show. `wonByHiddenMember` says the event's booked results name a hidden winner.
 */
export function visibleWinner(
  winner: string | null,
  standings: readonly Standing[] | null,
  hidden: HiddenMembers,
  wonByHiddenMember = false,
): string | null {
  if (winner === null) return null;
  const named = standings?.find(
    (participant) => normaliseRsn(participant.displayName) === normaliseRsn(winner),
  );
  // A win booked to a hidden member counts even when the stored name no longer matches theirs.
  const winnerHidden =
    wonByHiddenMember || (named ? isHidden(named, hidden) : hidden.names.has(normaliseRsn(winner)));
  if (!winnerHidden) return winner;
  const visible = (standings ?? []).filter((participant) => !isHidden(participant, hidden));
  return (
    competitionWinner(
      visible.map((participant) => ({ key: participant, gained: participant.progress.gained })),
    )?.displayName ?? null
  );
}
