import type { SelectHTMLAttributes } from 'react';
import { MetricOptions } from '../../../components/metric-options.tsx';

/** Every metric a goal can track, WOM's skills, bosses and activities, by display name. */
export function MetricSelect(props: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select {...props}>
      <MetricOptions />
    </select>
  );
}
