import { RESET_CONFIRMATION } from './season.schema.ts';

/** The reset goes ahead only on the exact phrase: case, spaces and all (spec §5). */
export function confirmsReset(typed: string): boolean {
  return typed === RESET_CONFIRMATION;
}

/**
 * The season a reset opens. Seasons are never deleted and the site starts with 'Season 1', so the
 * next one is numbered by how many there have been.
 */
export function nextSeasonName(seasonsSoFar: number): string {
  return `Season ${seasonsSoFar + 1}`;
}
