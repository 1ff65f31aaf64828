import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { WELCOME_MARKDOWN_MAX, type ClanProfileSettings } from '#core/clan/clan-profile.schema.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { useSaveProfile } from '../api/admin-clan.ts';
import { profileForm, profileFromForm, type ProfileErrors, type ProfileForm } from '../lib/profile-form.ts';

const REQUIREMENTS = [
  { field: 'skiller', label: 'Skillers' },
  { field: 'ironman', label: 'Ironmen' },
  { field: 'regular', label: 'Regular accounts' },
] as const;

/**
 * The clan's profile (issue 30): its name, founding date, home world, Discord invite, the minimum
 * total level per account type, and the welcome page's text in Markdown.
 */
export function ProfileSection({ profile }: { profile: ClanProfileSettings }) {
  const [form, setForm] = useState<ProfileForm>(() => profileForm(profile));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const save = useSaveProfile();
  const welcomeId = useId();
  const set = (patch: Partial<ProfileForm>) => setForm({ ...form, ...patch });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = profileFromForm(form);
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    save.mutate(parsed.profile, {
      onSuccess: (saved) => {
        setForm(profileForm(saved));
        toast.success("The clan's profile is saved.");
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label="Clan name"
          value={form.name}
          error={errors.name}
          autoComplete="off"
          onChange={(e) => set({ name: e.target.value })}
        />
        <FormField
          label="Founded"
          type="date"
          value={form.founded}
          error={errors.founded}
          onChange={(e) => set({ founded: e.target.value })}
        />
        <FormField
          label="Home world"
          value={form.home_world}
          error={errors.home_world}
          inputMode="numeric"
          autoComplete="off"
          onChange={(e) => set({ home_world: e.target.value })}
        />
        <FormField
          label="Discord invite"
          hint="Optional: an https:// invite link; the welcome page offers it as a step to join."
          value={form.discord_url}
          error={errors.discord_url}
          type="url"
          autoComplete="off"
          onChange={(e) => set({ discord_url: e.target.value })}
        />
      </div>
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-medium text-stone-200">Minimum total level to join</legend>
        {REQUIREMENTS.map(({ field, label }) => (
          <FormField
            key={field}
            label={label}
            value={form[field]}
            error={errors[field]}
            inputMode="numeric"
            autoComplete="off"
            onChange={(e) => set({ [field]: e.target.value })}
          />
        ))}
      </fieldset>
      <div className="space-y-1">
        <label htmlFor={welcomeId} className="block text-sm font-medium text-stone-200">
          Welcome text
        </label>
        <textarea
          id={welcomeId}
          value={form.welcome_markdown}
          maxLength={WELCOME_MARKDOWN_MAX}
          rows={8}
          aria-describedby={`${welcomeId}-hint`}
          aria-invalid={errors.welcome_markdown ? true : undefined}
          onChange={(e) => set({ welcome_markdown: e.target.value })}
          className="w-full rounded border border-stone-700 bg-stone-950 px-3 py-2 font-mono text-sm text-stone-100 focus:border-gold-400"
        />
        <p id={`${welcomeId}-hint`} className="text-xs text-stone-400">
          Markdown: **bold**, *italic*, # headings, - lists and [links](https://example.com). HTML is shown as
          text; links must be http(s).
        </p>
        {errors.welcome_markdown && <p className="text-sm text-red-400">{errors.welcome_markdown}</p>}
      </div>
      {save.isError && <FormAlert>Failed to save the profile: {save.error.message}</FormAlert>}
      <button
        type="submit"
        disabled={save.isPending}
        className="rounded bg-gold-500 px-4 py-2 text-sm font-semibold text-stone-950 hover:bg-gold-400 disabled:opacity-60"
      >
        {save.isPending ? 'Saving...' : 'Save profile'}
      </button>
    </form>
  );
}
