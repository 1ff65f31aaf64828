import { useId, useState } from 'react';
import { searchEventMetrics } from '#core/events/event-metrics.ts';
import { metricDisplayName } from '#core/metrics/metric-names.ts';

const inputClass =
  'w-full rounded border border-stone-700 bg-stone-950 px-3 py-2 text-stone-100 placeholder:text-stone-500 focus:border-gold-400';

/**
 * The event's metric, picked from Wise Old Man's catalogue (issue 21: a typed metric could name
 * nothing WOM tracks). The search narrows the list by name, so 'graar' leaves General Graardor;
 * the list stays a native select, which every keyboard and screen reader already knows.
 */
export function MetricPicker({
  value,
  onChange,
  onBlur,
  error,
}: {
  value: string;
  onChange: (metric: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
}) {
  const ids = { search: useId(), select: useId(), error: useId() };
  const [query, setQuery] = useState('');
  const groups = searchEventMetrics(query);
  // The chosen metric stays an option while the search hides it, so the select never shows another.
  const chosenHidden = value !== '' && !groups.some((group) => group.metrics.includes(value));
  return (
    <div className="space-y-1">
      <label htmlFor={ids.select} className="block text-sm font-medium text-stone-200">
        Metric
      </label>
      <input
        id={ids.search}
        type="search"
        aria-label="Search metrics"
        placeholder="Search: e.g. graardor, fishing, clue"
        autoComplete="off"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        className={inputClass}
      />
      <select
        id={ids.select}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.error : undefined}
        className={inputClass}
      >
        <option value="">-- Select Metric --</option>
        {chosenHidden && <option value={value}>{metricDisplayName(value)}</option>}
        {groups.map(({ label, metrics }) => (
          <optgroup key={label} label={label}>
            {metrics.map((metric) => (
              <option key={metric} value={metric}>
                {metricDisplayName(metric)}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {groups.length === 0 && <p className="text-xs text-stone-400">No metric matches “{query}”.</p>}
      {error && (
        <p id={ids.error} className="text-sm text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
