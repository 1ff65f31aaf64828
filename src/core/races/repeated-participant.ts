/** What makes a race participant itself: a character racing on one metric. */
interface ParticipantKey {
  wom_id: string;
  metric: string;
}

/**
 * The first participant listed again (the same character on the same metric), or null. Listed twice
 * it would race itself and fill the standings with copies of one row; the same character on another
 * metric is another participant.
 */
export function repeatedParticipant<T extends ParticipantKey>(participants: readonly T[]): T | null {
  const seen = new Set<string>();
  for (const participant of participants) {
    const key = JSON.stringify([participant.wom_id, participant.metric]);
    if (seen.has(key)) return participant;
    seen.add(key);
  }
  return null;
}
