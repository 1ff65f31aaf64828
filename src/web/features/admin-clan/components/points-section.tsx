import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { ClanPoints } from '#core/clan/rank-ladder.schema.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { useSavePoints } from '../api/admin-clan.ts';
import { pointsForm, pointsFromForm, type PointsForm } from '../lib/points-form.ts';

const PLACES = ['1st place', '2nd place', '3rd place', 'Everyone else who gained'] as const;

/** The clan's point values (issue 30): what events pay by place, short events, and the +N buttons. */
export function PointsSection({ points, onSaved }: { points: ClanPoints; onSaved: () => void }) {
  const [form, setForm] = useState<PointsForm>(() => pointsForm(points));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSavePoints();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = pointsFromForm(form);
    if ('error' in parsed) {
      setProblem(parsed.error);
      return;
    }
    setProblem(null);
    save.mutate(parsed.points, {
      onSuccess: (saved) => {
        setForm(pointsForm(saved));
        onSaved();
        toast.success('Point values saved.');
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <fieldset className="grid gap-3 sm:grid-cols-4">
        <legend className="mb-2 text-sm font-medium text-stone-200">Event placements</legend>
        {PLACES.map((label, index) => (
          <FormField
            key={label}
            label={label}
            value={form.placements[index]}
            inputMode="numeric"
            autoComplete="off"
            onChange={(event) => {
              const placements = [...form.placements] as PointsForm['placements'];
              placements[index] = event.target.value;
              setForm({ ...form, placements });
            }}
          />
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label="Short events (1 to 2 hours)"
          hint="Every member who gained gets this."
          value={form.short}
          inputMode="numeric"
          autoComplete="off"
          onChange={(event) => setForm({ ...form, short: event.target.value })}
        />
        <FormField
          label="+N buttons"
          hint="Amounts on the members table, separated by commas; the first sits on each row."
          value={form.buttons}
          autoComplete="off"
          onChange={(event) => setForm({ ...form, buttons: event.target.value })}
        />
      </div>
      {problem && <FormAlert>{problem}</FormAlert>}
      {save.isError && <FormAlert>Failed to save the point values: {save.error.message}</FormAlert>}
      <button
        type="submit"
        disabled={save.isPending}
        className="rounded bg-gold-500 px-4 py-2 text-sm font-semibold text-stone-950 hover:bg-gold-400 disabled:opacity-60"
      >
        {save.isPending ? 'Saving...' : 'Save points'}
      </button>
    </form>
  );
}
