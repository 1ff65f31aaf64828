/** The competition's page on the Wise Old Man site, where its standings can be followed. */
export function competitionUrl(womId: string): string {
  return `https://wiseoldman.net/competitions/${encodeURIComponent(womId)}`;
}
