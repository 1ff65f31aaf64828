/**
 * A member's baseline (`first_xp`, `first_lvl`) is what they had when they joined, so clan XP starts
 * at 0. WOM reports a player it has never measured with 0 XP and no level; taking those as the
 * baseline would count the member's whole XP as clan XP once WOM measures them. An OSRS account always
 * has XP and a total level, so a stored 0 with a 0 baseline means "not measured yet", and the first
 * real value becomes the baseline.
 */

export interface StoredBaseline {
  current_xp: number;
  current_lvl: number;
  first_xp: number;
  first_lvl: number;
}

export interface MeasuredValues {
  current_xp: number;
  /** Total level; null when WOM has no snapshot for the player. */
  current_lvl: number | null;
}

export type BaselinePatch = Partial<Pick<StoredBaseline, 'first_xp' | 'first_lvl'>>;

/**
 * True once WOM has measured the player: an OSRS account always has XP, so 0 is WOM's "never
 * updated", not a value. Nothing is judged on such a member's figures (baseline, rank) until then.
 */
export function isMeasured(values: { current_xp: number }): boolean {
  return values.current_xp > 0;
}

export function isXpBaselineUnmeasured(stored: StoredBaseline): boolean {
  return !isMeasured(stored) && stored.first_xp === 0;
}

export function isLevelBaselineUnmeasured(stored: StoredBaseline): boolean {
  return stored.current_lvl === 0 && stored.first_lvl === 0;
}

/** The baseline fields the first real measurement sets; empty once the baseline is measured. */
export function baselineFromFirstMeasurement(
  stored: StoredBaseline,
  incoming: MeasuredValues,
): BaselinePatch {
  const patch: BaselinePatch = {};
  if (isXpBaselineUnmeasured(stored) && isMeasured(incoming)) patch.first_xp = incoming.current_xp;
  if (isLevelBaselineUnmeasured(stored) && incoming.current_lvl !== null && incoming.current_lvl > 0)
    patch.first_lvl = incoming.current_lvl;
  return patch;
}
