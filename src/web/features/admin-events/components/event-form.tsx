import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { EVENT_TYPES, type AdminEvent } from '#core/events/admin-events.schema.ts';
import { WEEKLY_EVENT_DAYS } from '#core/events/event-status.ts';
import { isWeekLongType } from '#core/events/event-types.ts';
import { FormField } from '../../../components/form-field.tsx';
import { useCreateEvent, useUpdateEvent } from '../api/event-actions.ts';
import { parseTeams, type TeamCandidate } from '../utils/competition-teams.ts';
import {
  eventFormSchema,
  eventFormValues,
  weeklyEndValue,
  type EventFormOutput,
  type EventFormValues,
} from '../utils/event-form-values.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { MetricPicker } from './metric-picker.tsx';
import { ModalActions } from '../../../components/modal-actions.tsx';

const inputClass =
  'w-full rounded border border-stone-700 bg-stone-950 px-3 py-2 text-stone-100 placeholder:text-stone-500 focus:border-gold-400';

/** The type choices: the standard ones, plus the event's own when it is none of them. */
function typeOptions(current: string): string[] {
  const types: string[] = [...EVENT_TYPES];
  return current === '' || types.includes(current) ? types : [...types, current];
}

/**
 * What WOM calls the competition the event is linked to, while the id is the stored one; a new or
 * changed id is checked against WOM when the event is saved.
 */
function LinkedTitle({ event, womId }: { event: AdminEvent | undefined; womId: string }) {
  if (!event?.wom_id || womId.trim() !== event.wom_id) {
    return <p className="text-xs text-stone-400">The id is checked with Wise Old Man when you save.</p>;
  }
  if (event.wom_missing_at)
    return <p className="text-sm text-red-400">Wise Old Man cannot find competition {event.wom_id}.</p>;
  return event.wom_title ? (
    <p className="text-sm text-stone-300">On Wise Old Man: {event.wom_title}</p>
  ) : null;
}

/**
 * The manual event form, for a new event or to edit one. Saving sends every field (the server keeps
 * nothing it is not sent), and a refused save shows the server's reason with the input kept.
 */
export function EventForm({
  event,
  members = [],
  onSaved,
  onCancel,
}: {
  event?: AdminEvent;
  /** Who a new event's competition teams may name (the admin roster). */
  members?: readonly TeamCandidate[];
  onSaved: (saved: AdminEvent) => void;
  onCancel: () => void;
}) {
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const save = event ? update : create;
  const form = useForm<EventFormValues, unknown, EventFormOutput>({
    resolver: zodResolver(eventFormSchema),
    defaultValues: eventFormValues(event),
  });
  const { errors } = form.formState;
  const womId = useWatch({ control: form.control, name: 'wom_id' });
  const creating = useWatch({ control: form.control, name: 'create_competition' });
  const ids = { type: useId(), description: useId(), shortError: useId(), teams: useId() };
  // The end the week-long rule last filled in: any other end was set by the admin and is theirs to keep.
  const [filledEnd, setFilledEnd] = useState<string | null>(null);

  const fillWeeklyEnd = () => {
    const { type, start_date, end_date } = form.getValues();
    if (!isWeekLongType(type) || (end_date !== '' && end_date !== filledEnd)) return;
    const end = weeklyEndValue(start_date);
    if (end === null) return;
    form.setValue('end_date', end, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    setFilledEnd(end);
  };

  const submit = form.handleSubmit((input) => {
    const options = { onSuccess: onSaved };
    if (event) {
      // Only a new event can create its competition: an edit never sends the question.
      const { create_competition: _never, ...edited } = input;
      update.mutate({ id: event.id, input: edited }, options);
      return;
    }
    if (input.create_competition === null) {
      // Nothing to create on WOM: the request is the event alone, as before issue 30.
      const { create_competition: _none, ...plain } = input;
      create.mutate(plain, options);
      return;
    }
    const parsed = parseTeams(form.getValues('teams'), members);
    if ('error' in parsed) {
      form.setError('teams', { message: parsed.error });
      return;
    }
    create.mutate({ ...input, create_competition: { teams: parsed.teams } }, options);
  });

  return (
    <form onSubmit={(submitEvent) => void submit(submitEvent)} noValidate className="space-y-4">
      {save.isError && <FormAlert>Failed to save event: {save.error.message}</FormAlert>}
      <FormField
        label="Event Name"
        autoComplete="off"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={ids.type} className="block text-sm font-medium text-stone-200">
            Type
          </label>
          <select
            id={ids.type}
            className={inputClass}
            {...form.register('type', { onChange: fillWeeklyEnd })}
          >
            <option value="">-- Select Type --</option>
            {typeOptions(event?.type ?? '').map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
        <Controller
          control={form.control}
          name="metric"
          render={({ field }) => (
            <MetricPicker
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.metric?.message}
            />
          )}
        />
        <FormField
          label="Start (UTC)"
          type="datetime-local"
          error={errors.start_date?.message}
          {...form.register('start_date', { onChange: fillWeeklyEnd })}
        />
        <div className="space-y-1">
          <FormField
            label="End (UTC)"
            type="datetime-local"
            error={errors.end_date?.message}
            {...form.register('end_date')}
          />
          <p className="text-xs text-stone-400">
            Weekly, Skill of the Week and Boss of the Week events end {WEEKLY_EVENT_DAYS} days after their
            start unless you set an end.
          </p>
        </div>
      </div>
      {!event && (
        <fieldset className="space-y-2 rounded border border-stone-800 p-3">
          <legend className="px-1 text-sm font-medium text-stone-200">Wise Old Man competition</legend>
          <label className="flex items-start gap-2 text-sm text-stone-200">
            <input
              type="checkbox"
              className="mt-0.5 accent-gold-500"
              {...form.register('create_competition')}
            />
            <span>Create this competition on Wise Old Man, with the group's verification code</span>
          </label>
          {creating && (
            <div className="space-y-1">
              <label htmlFor={ids.teams} className="block text-sm font-medium text-stone-200">
                Teams (optional)
              </label>
              <textarea
                id={ids.teams}
                rows={3}
                className={inputClass}
                placeholder={'Red: Zezima, Lynx Titan\nBlue: B0aty, Woox'}
                aria-describedby={`${ids.teams}-hint`}
                aria-invalid={errors.teams ? true : undefined}
                {...form.register('teams')}
              />
              <p id={`${ids.teams}-hint`} className="text-xs text-stone-400">
                One team a line: its name, a colon, then its members. Leave it empty to enter every member.
              </p>
              {errors.teams?.message && <p className="text-sm text-red-400">{errors.teams.message}</p>}
            </div>
          )}
        </fieldset>
      )}
      <div className="space-y-1" hidden={creating}>
        <FormField
          label="WOM Competition ID (optional)"
          inputMode="numeric"
          autoComplete="off"
          error={errors.wom_id?.message}
          {...form.register('wom_id')}
        />
        <LinkedTitle event={event} womId={womId} />
      </div>
      <div className="space-y-1">
        <label htmlFor={ids.description} className="block text-sm font-medium text-stone-200">
          Description (optional)
        </label>
        <textarea id={ids.description} rows={3} className={inputClass} {...form.register('description')} />
        {errors.description?.message && <p className="text-sm text-red-400">{errors.description.message}</p>}
      </div>
      <div className="space-y-1">
        <label className="flex items-start gap-2 text-sm text-stone-200">
          <input
            type="checkbox"
            className="mt-0.5 accent-gold-500"
            aria-invalid={errors.short_event ? true : undefined}
            aria-describedby={errors.short_event ? ids.shortError : undefined}
            {...form.register('short_event')}
          />
          <span>Short event (1 to 2 hours): every participant gets 2 points</span>
        </label>
        {errors.short_event?.message && (
          <p id={ids.shortError} className="text-sm text-red-400">
            {errors.short_event.message}
          </p>
        )}
      </div>
      <ModalActions
        onCancel={onCancel}
        label={event ? 'Save Changes' : 'Create Event'}
        pendingLabel="Saving..."
        pending={save.isPending}
        tone="confirm"
      />
    </form>
  );
}
