/** Site usernames are compared and stored trimmed and lower-case (spec §5, Registration). */
export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}
