import { dinkThresholdsSchema, type DinkThresholds } from '#core/dink/dink.schema.ts';
import { formatNumber } from '../../../lib/format.ts';

type Field = keyof DinkThresholds;

/** The thresholds as their inputs hold them: text, so an admin may type `1,000,000`. */
export type ThresholdsFormValues = Record<Field, string>;
export type ThresholdsFormErrors = Partial<Record<Field, string>>;

export const THRESHOLD_FIELDS: readonly Field[] = ['min_loot_value', 'min_level', 'min_xp_milestone'];

export function thresholdsFormValues(thresholds: DinkThresholds): ThresholdsFormValues {
  return {
    min_loot_value: formatNumber(thresholds.min_loot_value),
    min_level: String(thresholds.min_level),
    min_xp_milestone: formatNumber(thresholds.min_xp_milestone),
  };
}

/** The contract's own bounds, so the form and the server cannot disagree on them. */
function bounds(field: Field): { min: number; max: number } {
  const { minValue, maxValue } = dinkThresholdsSchema.shape[field];
  return { min: minValue ?? 0, max: maxValue ?? Number.MAX_SAFE_INTEGER };
}

/** A whole number typed with or without thousands separators, or null for anything else. */
function wholeNumber(text: string): number | null {
  const digits = text.replace(/[\s,_]/g, '');
  return /^\d{1,15}$/.test(digits) ? Number(digits) : null;
}

/**
 * The thresholds the form holds, or the reason each field is refused: a whole number within the
 * contract's bounds.
 */
export function parseThresholds(
  values: ThresholdsFormValues,
): { thresholds: DinkThresholds; errors: null } | { thresholds: null; errors: ThresholdsFormErrors } {
  const errors: ThresholdsFormErrors = {};
  const parsed: Partial<DinkThresholds> = {};
  for (const field of THRESHOLD_FIELDS) {
    const { min, max } = bounds(field);
    const value = wholeNumber(values[field]);
    if (value === null || value < min || value > max) {
      errors[field] = `Enter a whole number from ${formatNumber(min)} to ${formatNumber(max)}`;
    } else {
      parsed[field] = value;
    }
  }
  if (Object.keys(errors).length > 0) return { thresholds: null, errors };
  return { thresholds: parsed as DinkThresholds, errors: null };
}
