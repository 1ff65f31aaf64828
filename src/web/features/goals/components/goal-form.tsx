import { useId, useState, type FormEvent } from 'react';
import { GOAL_MESSAGES } from '#core/goals/goals.schema.ts';
import { iconKindOf } from '#core/metrics/metric-icons.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { GameIcon } from '../../../components/game-icon.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useUtcToday } from '../../../lib/use-utc-today.ts';
import { useCreateGoal } from '../api/create-goal.ts';
import { usePlayerStats } from '../api/get-player-stats.ts';
import {
  currentValueFrom,
  goalFormError,
  goalInputOf,
  minimumValue,
  type GoalFormValues,
  type GoalMode,
} from '../utils/goal-form.ts';
import { MetricSelect } from './metric-select.tsx';

/** A character the user may set a goal for: one they have claimed. */
export interface GoalCharacter {
  wom_id: string;
  name: string;
}

const inputClass =
  'w-full rounded border border-stone-700 bg-stone-950 px-3 py-2 text-stone-100 placeholder:text-stone-500 focus:border-gold-400';
const labelClass = 'block text-sm font-medium text-stone-200';

/** The server's refusal is the spec's own text; a failure without one is the spec's generic text. */
function createErrorMessage(error: Error): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.message
    : GOAL_MESSAGES.createFailed;
}

const blankValues = (womId: string): GoalFormValues => ({
  wom_id: womId,
  metric: '',
  mode: 'gain',
  value: '',
  target_date: '',
  public: false,
});

/**
 * Set a Goal (spec §5, Goal creation): a claimed character, a skill, boss or activity, an amount to
 * gain or a total to reach, an optional target date and who may see it. The character's current
 * value is read from its stored snapshot to set the input's minimum and check the value first.
 */
export function GoalForm({ characters }: { characters: readonly GoalCharacter[] }) {
  const create = useCreateGoal();
  const today = useUtcToday();
  const [values, setValues] = useState(() => blankValues(characters[0]?.wom_id ?? ''));
  const [error, setError] = useState<string | null>(null);
  const stats = usePlayerStats(values.wom_id);
  const current = currentValueFrom(stats, values.metric);
  const ids = {
    heading: useId(),
    character: useId(),
    metric: useId(),
    value: useId(),
    current: useId(),
    date: useId(),
    mode: useId(),
    visibility: useId(),
  };
  const set = <K extends keyof GoalFormValues>(key: K, value: GoalFormValues[K]) =>
    setValues((previous) => ({ ...previous, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    create.reset();
    const problem = goalFormError(values, current, today);
    setError(problem);
    if (problem) return;
    create.mutate(goalInputOf(values), {
      onSuccess: () =>
        setValues((previous) => ({ ...blankValues(previous.wom_id), metric: previous.metric })),
    });
  };

  const shownCurrent = values.metric !== '' && current.status === 'loaded' ? current.value : null;
  const message = error ?? (create.isError ? createErrorMessage(create.error) : null);

  return (
    <form
      aria-labelledby={ids.heading}
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-lg border border-stone-800 bg-stone-900 p-5"
    >
      <h3 id={ids.heading} className="text-lg font-semibold text-stone-100">
        Set a Goal
      </h3>
      {message && <FormAlert>{message}</FormAlert>}
      {create.isSuccess && <FormAlert kind="success">Goal created.</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={ids.character} className={labelClass}>
            Character
          </label>
          <select
            id={ids.character}
            value={values.wom_id}
            onChange={(event) => set('wom_id', event.target.value)}
            className={inputClass}
          >
            <option value="">-- Select a character --</option>
            {characters.map((character) => (
              <option key={character.wom_id} value={character.wom_id}>
                {character.name}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.metric} className={labelClass}>
            Metric
          </label>
          <div className="flex items-center gap-2">
            {values.metric !== '' && <GameIcon kind={iconKindOf(values.metric)} metric={values.metric} />}
            <MetricSelect
              id={ids.metric}
              value={values.metric}
              onChange={(event) => set('metric', event.target.value)}
              className={inputClass}
            />
          </div>
        </div>
      </div>
      <fieldset className="space-y-1">
        <legend className={labelClass}>Mode</legend>
        <div className="flex gap-4 text-stone-200">
          {(
            [
              ['gain', 'Gain'],
              ['total', 'Total'],
            ] as const satisfies ReadonlyArray<readonly [GoalMode, string]>
          ).map(([mode, label]) => (
            <label key={mode} className="flex items-center gap-2">
              <input
                type="radio"
                name={ids.mode}
                value={mode}
                checked={values.mode === mode}
                onChange={() => set('mode', mode)}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={ids.value} className={labelClass}>
            Value
          </label>
          <input
            id={ids.value}
            type="number"
            inputMode="numeric"
            step={1}
            min={minimumValue(values.mode, current)}
            value={values.value}
            onChange={(event) => set('value', event.target.value)}
            aria-describedby={shownCurrent === null ? undefined : ids.current}
            className={inputClass}
          />
          {shownCurrent !== null && (
            <p id={ids.current} className="text-xs text-stone-400">
              Current: {formatNumber(shownCurrent)}
            </p>
          )}
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.date} className={labelClass}>
            Target Date
          </label>
          <input
            id={ids.date}
            type="date"
            min={today}
            value={values.target_date}
            onChange={(event) => set('target_date', event.target.value)}
            className={inputClass}
          />
        </div>
      </div>
      <fieldset className="space-y-1">
        <legend className={labelClass}>Visibility</legend>
        <div className="flex flex-wrap gap-4 text-stone-200">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name={ids.visibility}
              checked={!values.public}
              onChange={() => set('public', false)}
            />
            Private (only you)
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name={ids.visibility}
              checked={values.public}
              onChange={() => set('public', true)}
            />
            Public (visible to others)
          </label>
        </div>
      </fieldset>
      <button
        type="submit"
        disabled={create.isPending}
        className="rounded bg-gold-500 px-4 py-2 font-semibold text-stone-950 hover:bg-gold-400 disabled:opacity-60"
      >
        {create.isPending ? 'Creating...' : 'Create Goal'}
      </button>
    </form>
  );
}
