import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { DinkThresholds } from '#core/dink/dink.schema.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { useSaveDinkThresholds } from '../api/save-dink-thresholds.ts';
import {
  parseThresholds,
  thresholdsFormValues,
  type ThresholdsFormErrors,
  type ThresholdsFormValues,
} from '../lib/thresholds-form-values.ts';

const FIELDS: ReadonlyArray<{ field: keyof DinkThresholds; label: string; hint: string }> = [
  {
    field: 'min_loot_value',
    label: 'Minimum drop value (coins)',
    hint: 'Drops and clue rewards worth at least this much.',
  },
  { field: 'min_level', label: 'Minimum level', hint: 'Levels at or above this; 127 is 200M experience.' },
  {
    field: 'min_xp_milestone',
    label: 'Minimum XP milestone',
    hint: 'XP milestones at or above this much experience in the skill.',
  },
];

/**
 * What makes a moment notable, for the feed and for Discord. Each field is checked before anything
 * is sent; a refused save shows the server's reason with the input kept.
 */
export function ThresholdsForm({ thresholds }: { thresholds: DinkThresholds }) {
  const save = useSaveDinkThresholds();
  const [values, setValues] = useState<ThresholdsFormValues>(() => thresholdsFormValues(thresholds));
  const [errors, setErrors] = useState<ThresholdsFormErrors>({});
  const [checked, setChecked] = useState(false);

  const change = (next: Partial<ThresholdsFormValues>) => {
    const changed = { ...values, ...next };
    setValues(changed);
    if (checked) setErrors(parseThresholds(changed).errors ?? {});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseThresholds(values);
    setErrors(parsed.errors ?? {});
    setChecked(true);
    if (parsed.thresholds === null) return;
    save.mutate(parsed.thresholds, {
      onSuccess: (saved) => {
        setValues(thresholdsFormValues(saved));
        toast.success('Dink thresholds saved.');
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {save.isError && <FormAlert>Failed to save the thresholds: {save.error.message}</FormAlert>}
      <div className="grid gap-4 md:grid-cols-3">
        {FIELDS.map(({ field, label, hint }) => (
          <FormField
            key={field}
            label={label}
            hint={hint}
            value={values[field]}
            error={errors[field]}
            onChange={(event) => change({ [field]: event.target.value })}
            inputMode="numeric"
            autoComplete="off"
          />
        ))}
      </div>
      <button
        type="submit"
        disabled={save.isPending}
        className="rounded bg-gold-500 px-4 py-2 text-sm font-semibold text-stone-950 hover:bg-gold-400 disabled:opacity-60"
      >
        {save.isPending ? 'Saving...' : 'Save thresholds'}
      </button>
    </form>
  );
}
