/** Events whose name contains the search text, ignoring case; a blank search keeps every event. */
export function searchEvents<T extends { name: string }>(events: T[], search: string): T[] {
  const text = search.trim().toLowerCase();
  if (text === '') return events;
  return events.filter((event) => event.name.toLowerCase().includes(text));
}
