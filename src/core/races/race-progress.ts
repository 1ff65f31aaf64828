/** The values a participant's progress is computed from. */
export interface ParticipantValues {
  start_value: number;
  current_value: number;
  target_value: number;
}

/**
 * How far a participant has come from their start towards their target, in whole percent, floored
 * and held within 0..100. A target equal to the start has no span to cover, so it counts as 0.
 */
export function raceProgressPercent({ start_value, current_value, target_value }: ParticipantValues): number {
  const span = target_value - start_value;
  if (span === 0) return 0;
  const percent = Math.floor(((current_value - start_value) / span) * 100);
  return Math.min(100, Math.max(0, percent));
}

/**
 * The standings: the highest progress first; equal progress keeps the order the participants were
 * added in (their ids), so the table does not reshuffle between requests.
 */
export function inStandingsOrder<T extends { id: number; progress_percent: number }>(
  participants: readonly T[],
): T[] {
  return [...participants].sort((a, b) => b.progress_percent - a.progress_percent || a.id - b.id);
}

/**
 * Who leads: the first in standings order among those who have moved past their start, or null while
 * nobody has. Naming the first of a field still at 0% as 'Leading' only reported who was added first.
 */
export function raceLeader<T extends ParticipantValues & { id: number; progress_percent: number }>(
  participants: readonly T[],
): T | null {
  return inStandingsOrder(participants.filter((p) => p.current_value > p.start_value))[0] ?? null;
}

/** Whether the race still takes new values: it has no end date, or its end is still ahead. */
export function isRaceRunning(endDate: string | null, now: Date): boolean {
  return endDate === null || Date.parse(endDate) > now.getTime();
}
