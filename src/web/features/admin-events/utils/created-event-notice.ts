import type { CreatedCompetition } from '#core/events/admin-events.schema.ts';

/**
 * The new event page tells the events tab, which it opens next, the name of the event it created,
 * so the tab can say so (issue 21) without the dashboard knowing about events. Held in memory and
 * taken once: a reload or a later visit to the tab does not say it again.
 */
let created: CreatedNotice | null = null;

/** The event just created, and the Wise Old Man competition made with it, if one was. */
export interface CreatedNotice {
  name: string;
  wom_competition?: CreatedCompetition | null;
}

export function rememberCreatedEvent(event: CreatedNotice): void {
  created = { name: event.name, wom_competition: event.wom_competition ?? null };
}

/** The event just created, once. */
export function takeCreatedEvent(): CreatedNotice | null {
  const event = created;
  created = null;
  return event;
}

/** What Wise Old Man answered, as the events tab says it: 'Wise Old Man competition 123 "Fishing week" with 6 participants'. */
export function competitionNotice(competition: CreatedCompetition): string {
  const who =
    competition.participant_count === 1 ? '1 participant' : `${competition.participant_count} participants`;
  return `Wise Old Man created competition ${competition.id} "${competition.title}" (${competition.type}) with ${who}.`;
}
