/**
 * The Hall of Fame's Try Again reloads the whole page (spec §8, Bosses) rather than refetching; kept
 * in its own module so tests can observe it (jsdom cannot navigate).
 */
export function reloadPage(): void {
  window.location.reload();
}
