import { GOAL_MESSAGES, type CreateGoalInput } from '#core/goals/goals.schema.ts';
import { metricDisplayName } from '#core/metrics/metric-names.ts';
import { metricKindOf, metricValue, type MetricKind } from '#core/metrics/metric-value.ts';
import type { WomPlayerItem } from '#core/wom/wom-data.schema.ts';

export type GoalMode = CreateGoalInput['mode'];

/** The Set a Goal form as typed: text until it is checked. */
export interface GoalFormValues {
  wom_id: string;
  metric: string;
  mode: GoalMode;
  value: string;
  target_date: string;
  public: boolean;
}

/** The chosen character's current value of the chosen metric, as far as it is known. */
export type CurrentValue =
  | { status: 'pending' }
  | { status: 'error' }
  /** Null when the snapshot does not hold the metric. */
  | { status: 'loaded'; value: number | null };

const NOT_FOUND: Record<MetricKind, (metric: string) => string> = {
  skill: GOAL_MESSAGES.noExperience,
  boss: GOAL_MESSAGES.noKills,
  activity: GOAL_MESSAGES.noScore,
};

/** The number input's minimum (spec §5): 1, or one above the current value in total mode. */
export function minimumValue(mode: GoalMode, current: CurrentValue): number {
  return mode === 'total' && current.status === 'loaded' && current.value !== null ? current.value + 1 : 1;
}

/**
 * The first rule of spec §5, Goal creation, the form breaks, as the spec words it, or null. The
 * server checks the same rules; checking here first answers without a round trip.
 */
export function goalFormError(values: GoalFormValues, current: CurrentValue, today: string): string | null {
  const value = Number(values.value);
  if (values.wom_id === '' || values.metric === '' || values.value.trim() === '') {
    return GOAL_MESSAGES.requiredFields;
  }
  if (!Number.isInteger(value)) return GOAL_MESSAGES.wholeNumber;
  if (current.status === 'pending') return GOAL_MESSAGES.statsLoading;
  if (current.status === 'error') return GOAL_MESSAGES.statsUnavailable;
  const kind = metricKindOf(values.metric);
  if (kind === null) return GOAL_MESSAGES.requiredFields;
  if (current.value === null) return NOT_FOUND[kind](metricDisplayName(values.metric));
  if (values.mode === 'total' && value <= current.value) return GOAL_MESSAGES.targetNotAboveCurrent;
  if (values.mode === 'gain' && value <= 0) return GOAL_MESSAGES.gainNotPositive;
  if (values.target_date !== '' && values.target_date < today) return GOAL_MESSAGES.pastTargetDate;
  return null;
}

/** What the server is sent: only what the user chose; it reads the start value itself. */
export function goalInputOf(values: GoalFormValues): CreateGoalInput {
  return {
    wom_id: values.wom_id,
    metric: values.metric,
    mode: values.mode,
    value: Number(values.value),
    target_date: values.target_date === '' ? null : values.target_date,
    public: values.public,
  };
}

/** The current value from the character's latest snapshot; a character without one cannot be read. */
export function currentValueFrom(
  stats: { isPending: boolean; isError: boolean; data: WomPlayerItem | undefined },
  metric: string,
): CurrentValue {
  if (stats.isError) return { status: 'error' };
  if (stats.isPending || stats.data === undefined) return { status: 'pending' };
  const snapshot = stats.data.latestSnapshot;
  if (snapshot === null) return { status: 'error' };
  return { status: 'loaded', value: metricValue(snapshot, metric) };
}
