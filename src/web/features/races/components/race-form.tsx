import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import {
  Controller,
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type UseFormRegister,
} from 'react-hook-form';
import { RACE_MESSAGES, type Race, type RaceInput } from '#core/races/races.schema.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { cachedPlayerValue, usePlayerValue } from '../api/get-player-value.ts';
import { useCreateRace, useUpdateRace } from '../api/race-actions.ts';
import {
  emptyParticipant,
  raceFormSchema,
  raceFormValues,
  todayUtc,
  type BaselineOf,
  type RaceFormValues,
  type RaceMode,
} from '../utils/race-form-values.ts';
import { MemberCombobox } from '../../../components/member-combobox.tsx';
import { MetricOptions } from '../../../components/metric-options.tsx';

/** A player a race may include: a member of the clan, by name. */
export interface RacePlayer {
  wom_id: string;
  name: string;
}

const inputClass =
  'w-full rounded border border-stone-700 bg-stone-950 px-3 py-2 text-stone-100 placeholder:text-stone-500 focus:border-gold-400';
const labelClass = 'block text-sm font-medium text-stone-200';

const MODES = [
  ['total', 'Total'],
  ['gain', 'Gain'],
] as const satisfies ReadonlyArray<readonly [RaceMode, string]>;

function ParticipantFields({
  index,
  players,
  control,
  register,
  startOf,
  onRemove,
}: {
  index: number;
  players: readonly RacePlayer[];
  control: Control<RaceFormValues, unknown, RaceInput>;
  register: UseFormRegister<RaceFormValues>;
  /** The start of a participant the race already has: what its total must exceed. */
  startOf: BaselineOf;
  onRemove: (() => void) | null;
}) {
  const ids = { metric: useId(), target: useId(), current: useId() };
  const row = useWatch({ control, name: `participants.${index}` });
  const current = usePlayerValue(row.wom_id, row.metric);
  const start = startOf(row);
  // What the total must exceed, shown beside the input so the user can pick a target that can progress.
  const minimum = (start ?? current ?? 0) + 1;
  return (
    <li className="grid items-end gap-3 rounded border border-stone-800 p-3 sm:grid-cols-[1fr_1fr_10rem_auto]">
      <Controller
        control={control}
        name={`participants.${index}.wom_id`}
        render={({ field }) => (
          <MemberCombobox
            label="Player"
            members={players}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
          />
        )}
      />
      <div className="space-y-1">
        <label htmlFor={ids.metric} className={labelClass}>
          Metric
        </label>
        <select id={ids.metric} className={inputClass} {...register(`participants.${index}.metric`)}>
          <MetricOptions />
        </select>
      </div>
      <div className="space-y-1">
        <fieldset className="flex gap-3 text-sm text-stone-200">
          <legend className="sr-only">Mode</legend>
          {MODES.map(([mode, label]) => (
            <label key={mode} className="flex items-center gap-1">
              <input type="radio" value={mode} {...register(`participants.${index}.mode`)} />
              {label}
            </label>
          ))}
        </fieldset>
        <label htmlFor={ids.target} className={labelClass}>
          {row.mode === 'gain' ? 'Amount to Gain' : 'Target Value'}
        </label>
        <input
          id={ids.target}
          type="number"
          min={row.mode === 'total' ? minimum : 1}
          step={1}
          inputMode="numeric"
          aria-describedby={current === null && start === null ? undefined : ids.current}
          className={inputClass}
          {...register(`participants.${index}.target_value`)}
        />
        {(current !== null || start !== null) && (
          <p id={ids.current} className="text-xs text-stone-400">
            {start !== null && <>Start: {formatNumber(start)} · </>}
            {current !== null && <>Current: {formatNumber(current)}</>}
          </p>
        )}
      </div>
      {/* The last row stays: a race needs at least one participant. */}
      <button
        type="button"
        onClick={onRemove ?? undefined}
        disabled={onRemove === null}
        className="rounded border border-red-800 px-3 py-2 text-sm font-medium text-red-300 hover:bg-red-950 disabled:opacity-40"
      >
        Remove
      </button>
    </li>
  );
}

/**
 * The race form, for a new race or to edit one: title, description, public flag, end date and the
 * participants, each a clan member, a metric and a target. The server takes each start value from
 * the player's snapshot; a refused save shows its reason with the input kept.
 */
export function RaceForm({
  race,
  players,
  onSaved,
}: {
  race?: Race;
  players: readonly RacePlayer[];
  onSaved: (saved: Race) => void;
}) {
  const create = useCreateRace();
  const update = useUpdateRace();
  const save = race ? update : create;
  const queryClient = useQueryClient();
  // A participant the race already has keeps its start; a new one starts from its current value.
  const startOf: BaselineOf = ({ wom_id, metric }) =>
    race?.race_participants.find((p) => p.wom_id === wom_id && p.metric === metric)?.start_value ?? null;
  const baselineOf: BaselineOf = (row) =>
    startOf(row) ?? cachedPlayerValue(queryClient, row.wom_id, row.metric);
  // A former member still in the race stays choosable under the name the race knows.
  const choices = [
    ...players,
    ...(race?.race_participants ?? [])
      .filter(({ wom_id }) => !players.some((player) => player.wom_id === wom_id))
      .map(({ wom_id, player_name }) => ({ wom_id, name: player_name })),
  ];
  const nameOf = (womId: string) => choices.find((player) => player.wom_id === womId)?.name ?? womId;
  const form = useForm<RaceFormValues, unknown, RaceInput>({
    // Today is read at each check, so a form left open past midnight still refuses yesterday.
    resolver: (values, context, options) =>
      zodResolver(raceFormSchema(todayUtc(), baselineOf, nameOf))(values, context, options),
    defaultValues: raceFormValues(race),
  });
  const participants = useFieldArray({ control: form.control, name: 'participants' });
  const { errors } = form.formState;
  const descriptionId = useId();
  const participantsError = errors.participants?.root?.message ?? errors.participants?.message;
  // After a submit the form checks again the field that changed, but never the rows' one shared
  // message: without this, 'All participant details must be complete' stayed after the rows were.
  const rows = useWatch({ control: form.control, name: 'participants' });
  const { isSubmitted } = form.formState;
  const { trigger } = form;
  useEffect(() => {
    if (isSubmitted) void trigger('participants');
  }, [rows, isSubmitted, trigger]);

  const submit = form.handleSubmit((input) => {
    if (race) update.mutate({ id: race.id, input }, { onSuccess: onSaved });
    else create.mutate(input, { onSuccess: onSaved });
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      {save.isError && (
        <FormAlert>
          {race
            ? `Failed to save race: ${save.error.message}`
            : RACE_MESSAGES.createFailed(save.error.message)}
        </FormAlert>
      )}
      <FormField label="Title" autoComplete="off" error={errors.title?.message} {...form.register('title')} />
      <div className="space-y-1">
        <label htmlFor={descriptionId} className={labelClass}>
          Description
        </label>
        <textarea id={descriptionId} rows={3} className={inputClass} {...form.register('description')} />
      </div>
      <div className="grid items-end gap-4 sm:grid-cols-2">
        <FormField
          label="End Date"
          type="date"
          min={todayUtc()}
          error={errors.end_date?.message}
          {...form.register('end_date')}
        />
        <label className="flex items-center gap-2 text-sm text-stone-200">
          <input type="checkbox" className="accent-gold-500" {...form.register('public')} />
          Public
        </label>
      </div>
      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold text-stone-100">Participants</legend>
        <ul className="space-y-3">
          {participants.fields.map((field, index) => (
            <ParticipantFields
              key={field.id}
              index={index}
              players={choices}
              control={form.control}
              register={form.register}
              startOf={startOf}
              onRemove={participants.fields.length > 1 ? () => participants.remove(index) : null}
            />
          ))}
        </ul>
        {participantsError && (
          <p role="alert" className="text-sm text-red-400">
            {participantsError}
          </p>
        )}
        <button
          type="button"
          onClick={() => participants.append(emptyParticipant())}
          className="rounded border border-stone-600 px-4 py-2 text-sm font-medium text-stone-100 hover:bg-stone-800"
        >
          Add Participant
        </button>
      </fieldset>
      <div className="flex justify-end">
        <button
          type="submit"
          disabled={save.isPending}
          className="rounded bg-gold-500 px-4 py-2 text-sm font-semibold text-stone-950 hover:bg-gold-400 disabled:opacity-60"
        >
          {save.isPending ? 'Saving...' : race ? 'Save Race' : 'Create Race'}
        </button>
      </div>
    </form>
  );
}
