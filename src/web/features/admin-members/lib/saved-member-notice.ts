/**
 * The new member page tells the members tab, which it opens next, the name of the member it saved,
 * so the tab can say so (issue 21), as the new event page does for the events tab. Held in memory
 * and taken once: a reload or a later visit to the tab does not say it again.
 */
let saved: string | null = null;

export function rememberSavedMember(name: string): void {
  saved = name;
}

/** The name of the member just saved on the new member page, once. */
export function takeSavedMember(): string | null {
  const name = saved;
  saved = null;
  return name;
}
