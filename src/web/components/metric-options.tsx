import { ACTIVITY_KEYS, BOSS_KEYS, SKILL_KEYS } from '#core/metrics/metric-catalogue.ts';
import { metricDisplayName } from '#core/metrics/metric-names.ts';

const GROUPS = [
  { label: 'Skills', metrics: SKILL_KEYS },
  { label: 'Bosses', metrics: BOSS_KEYS },
  { label: 'Activities', metrics: ACTIVITY_KEYS },
] as const;

/** The metrics a goal or race can track: WOM's skills, bosses and activities, grouped, by display name. */
export function MetricOptions() {
  return (
    <>
      <option value="">-- Select Metric --</option>
      {GROUPS.map(({ label, metrics }) => (
        <optgroup key={label} label={label}>
          {metrics.map((metric) => (
            <option key={metric} value={metric}>
              {metricDisplayName(metric)}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
