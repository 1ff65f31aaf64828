/**
 * The new event page tells the events tab, which it opens next, the name of the event it created,
 * so the tab can say so (issue 21) without the dashboard knowing about events. Held in memory and
 * taken once: a reload or a later visit to the tab does not say it again.
 */
let created: string | null = null;

export function rememberCreatedEvent(name: string): void {
  created = name;
}

/** The name of the event just created, once. */
export function takeCreatedEvent(): string | null {
  const name = created;
  created = null;
  return name;
}
