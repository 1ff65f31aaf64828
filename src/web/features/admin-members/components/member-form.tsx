import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useId, useState, type ReactNode } from 'react';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import { createMemberInputSchema, type AdminMember } from '#core/members/admin-members.schema.ts';
import type { WomPlayerCheck } from '#core/members/wom-player-check.ts';
import { joinDateChoice } from '#core/members/member-returns.ts';
import { normaliseRole, rankOptions, roleDisplayName } from '#core/members/roles.ts';
import { useClan } from '../../../lib/clan-query.ts';
import { FormField } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { utcDateOf } from '../../../lib/use-utc-today.ts';
import { useCreateMember, useUpdateMember } from '../api/save-member.ts';
import { errorMessage } from '../lib/error-message.ts';
import { JoinDateChoiceField } from './join-date-choice.tsx';
import { WomIdCheck } from './wom-id-check.tsx';
import {
  editMemberSchema,
  memberChanges,
  memberFormValues,
  newMemberValues,
  type MemberFormOutput,
  type MemberFormValues,
} from '../lib/member-form-values.ts';
import { FormAlert } from '../../../components/form-alert.tsx';

type NumberField = 'current_lvl' | 'current_xp' | 'first_lvl' | 'first_xp' | 'ehb' | 'siege_score';

const EXPERIENCE_FIELDS: ReadonlyArray<{ name: NumberField; label: string }> = [
  { name: 'current_lvl', label: 'Current Level' },
  { name: 'current_xp', label: 'Current XP' },
  { name: 'first_lvl', label: 'Initial Level' },
  { name: 'first_xp', label: 'Initial XP' },
];

const SCORING_FIELDS: ReadonlyArray<{ name: NumberField; label: string }> = [
  { name: 'ehb', label: 'EHB' },
  { name: 'siege_score', label: 'Siege Score' },
];

/** Spec §5: an emptied number field counts as 0 (the schema then floors it and refuses negatives). */
const numberFromInput = (value: unknown) => (value === '' || value === null ? 0 : Number(value));
/** An emptied date means no join date, which the schema accepts; '' would not be a date. */
const dateFromInput = (value: unknown) => (value === '' ? null : value);

const formSchema: z.ZodType<MemberFormOutput, MemberFormValues> = createMemberInputSchema;
const editFormSchema: z.ZodType<MemberFormOutput, MemberFormValues> = editMemberSchema;

function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-stone-800 p-4">
      <legend className="px-1 text-sm font-semibold text-gold-300">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function RankSelect({
  current,
  error,
  registration,
}: {
  current: string | null;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  // A role the site cannot assign (WOM's 'maxed', say) is still offered, so editing keeps it.
  const id = useId();
  const clan = useClan();
  const label = (
    <label htmlFor={id} className="block text-sm font-medium text-stone-200">
      Clan Rank
    </label>
  );
  // The choices are the clan's ladder: until it is loaded the field waits, unregistered, so the
  // select is never drawn with other options than the ones the form's value is chosen from.
  if (!clan.data) {
    return (
      <div className="space-y-1">
        {label}
        <select
          id={id}
          disabled
          className="w-full rounded border border-stone-700 bg-stone-950 px-3 py-2 text-stone-400"
        >
          <option>Loading ranks...</option>
        </select>
      </div>
    );
  }
  const options = rankOptions(clan.data.ranks.paths);
  const key = normaliseRole(current);
  const extra = key !== null && !options.some((option) => option.value === key) ? key : null;
  return (
    <div className="space-y-1">
      {label}
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        className="w-full rounded border border-stone-700 bg-stone-950 px-3 py-2 text-stone-100 focus:border-gold-400"
        {...registration}
      >
        <option value="">-- Select Rank --</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {extra && <option value={extra}>{roleDisplayName(extra)}</option>}
      </select>
      {error && <p className="text-sm text-red-400">{error}</p>}
    </div>
  );
}

/**
 * The member form (spec §3, §5), for a new member (`member` null) or an existing one. An edit sends
 * only the fields the admin changed, with the version it loaded; when someone else saved the member
 * in between, the server's conflict message shows here, as 'Failed to save member: {message}', and
 * the admin's input stays. Saving with
 * nothing changed just closes.
 */
export function MemberForm({
  member,
  onSaved,
  onClose,
  onFailed,
}: {
  member: AdminMember | null;
  onSaved: (member: AdminMember) => void;
  onClose: () => void;
  /** Told the name as typed and the failure, for the page's own banner; not told of a conflict. */
  onFailed?: (name: string, message: string) => void;
}) {
  const create = useCreateMember();
  const update = useUpdateMember();
  const [failure, setFailure] = useState<string | null>(null);
  // A new member starts on the ladder's first rank (the spec's Opal), once the ladder is known.
  const bottomRank = useClan().data?.ranks.paths[0]?.ranks[0]?.role;
  const [defaultValues] = useState(() =>
    member ? memberFormValues(member) : newMemberValues(utcDateOf(new Date()), bottomRank),
  );
  const form = useForm<MemberFormValues, unknown, MemberFormOutput>({
    resolver: zodResolver(member ? editFormSchema : formSchema),
    defaultValues,
  });
  const errors = form.formState.errors;
  const returned = member ? joinDateChoice(member.returns) : null;
  const joinDate = useWatch({ control: form.control, name: 'join_date' });
  const womIdNote = useId();
  // The id WOM is asked about: the one in the field when it last lost focus.
  const [checkedWomId, setCheckedWomId] = useState<string | null>(null);
  const { getValues, setValue } = form;
  // WOM's name goes into the names left empty; what the admin typed stays.
  const fillNames = useCallback(
    (player: WomPlayerCheck) => {
      for (const field of ['wom_name', 'name'] as const) {
        if (!getValues(field)?.trim()) setValue(field, player.display_name, { shouldDirty: true });
      }
    },
    [getValues, setValue],
  );

  const save = async (values: MemberFormOutput): Promise<AdminMember | null> => {
    if (member === null) return create.mutateAsync(values);
    const changes = memberChanges(member, values);
    if (changes === null) return null;
    return update.mutateAsync({ womId: member.wom_id, changes });
  };

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save(values);
      if (saved === null) onClose();
      else onSaved(saved);
    } catch (error) {
      const message = errorMessage(error);
      setFailure(`Failed to save member: ${message}`);
      // A conflict is answered in the form (the admin's input stays, to be saved again): a banner
      // behind the form would only say it twice (issue 21).
      const conflict = error instanceof ApiError && error.status === 409;
      if (!conflict) onFailed?.(values.name, message);
    }
  });

  const numberInput = (field: { name: NumberField; label: string }) => (
    <FormField
      key={field.name}
      label={field.label}
      type="number"
      min={0}
      step={1}
      inputMode="numeric"
      error={errors[field.name]?.message}
      {...form.register(field.name, { setValueAs: numberFromInput })}
    />
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Name"
          required
          autoComplete="off"
          error={errors.name?.message}
          {...form.register('name')}
        />
        {member ? (
          <div className="space-y-1">
            <FormField label="WOM ID" value={member.wom_id} readOnly aria-describedby={womIdNote} />
            <p id={womIdNote} className="text-xs text-stone-400">
              The WOM ID is the member&apos;s key and cannot be changed.
            </p>
          </div>
        ) : (
          <div className="space-y-1">
            <FormField
              label="WOM ID"
              inputMode="numeric"
              autoComplete="off"
              error={errors.wom_id?.message}
              {...form.register('wom_id', { onBlur: () => setCheckedWomId(getValues('wom_id').trim()) })}
            />
            {/* A line kept for WOM's answer: it appears as the field loses focus, often to a click on
                Save, and must not move that button out from under the pointer. */}
            <div className="min-h-5">
              <WomIdCheck womId={checkedWomId} onFound={fillNames} />
            </div>
          </div>
        )}
        <FormField
          label="WOM Name"
          autoComplete="off"
          error={errors.wom_name?.message}
          {...form.register('wom_name')}
        />
        <RankSelect
          current={defaultValues.womrole ?? null}
          error={errors.womrole?.message}
          registration={form.register('womrole')}
        />
        <FormField
          label="Join Date"
          placeholder="yyyy-MM-dd"
          autoComplete="off"
          error={errors.join_date?.message}
          {...form.register('join_date', { setValueAs: dateFromInput })}
        />
        {returned && (
          <JoinDateChoiceField
            choice={returned}
            value={joinDate}
            onChoose={(date) => form.setValue('join_date', date, { shouldDirty: true, shouldValidate: true })}
          />
        )}
      </div>
      <FieldGroup legend="Experience Tracking">{EXPERIENCE_FIELDS.map(numberInput)}</FieldGroup>
      <FieldGroup legend="Stats & Scoring">{SCORING_FIELDS.map(numberInput)}</FieldGroup>
      <div className="flex justify-end gap-3">
        <button
          type="button"
          onClick={onClose}
          className="rounded border border-stone-700 px-4 py-2 font-medium text-stone-200 hover:bg-stone-800"
        >
          Cancel
        </button>
        <button
          type="submit"
          disabled={form.formState.isSubmitting}
          className="rounded bg-gold-500 px-4 py-2 font-semibold text-stone-950 hover:bg-gold-400 disabled:opacity-60"
        >
          {form.formState.isSubmitting ? 'Saving...' : 'Save Member'}
        </button>
      </div>
    </form>
  );
}
