import { clanProfileSettingsSchema, type ClanProfileSettings } from '#core/clan/clan-profile.schema.ts';

/** The profile as typed on the Clan tab: numbers and the optional invite as text. */
export interface ProfileForm {
  name: string;
  founded: string;
  home_world: string;
  discord_url: string;
  skiller: string;
  ironman: string;
  regular: string;
  welcome_markdown: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileForm, string>>;

export function profileForm(profile: ClanProfileSettings): ProfileForm {
  return {
    name: profile.name,
    founded: profile.founded,
    home_world: String(profile.home_world),
    discord_url: profile.discord_url ?? '',
    skiller: String(profile.requirements.skiller),
    ironman: String(profile.requirements.ironman),
    regular: String(profile.requirements.regular),
    welcome_markdown: profile.welcome_markdown,
  };
}

const number = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The profile the form holds, checked by the server's schema; each refused field keeps its message. */
export function profileFromForm(
  form: ProfileForm,
): { profile: ClanProfileSettings } | { errors: ProfileErrors } {
  const parsed = clanProfileSettingsSchema.safeParse({
    name: form.name,
    founded: form.founded,
    home_world: number(form.home_world),
    discord_url: form.discord_url.trim() === '' ? null : form.discord_url.trim(),
    requirements: {
      skiller: number(form.skiller),
      ironman: number(form.ironman),
      regular: number(form.regular),
    },
    welcome_markdown: form.welcome_markdown,
  });
  if (parsed.success) return { profile: parsed.data };
  const errors: ProfileErrors = {};
  for (const issue of parsed.error.issues) {
    const [first, second] = issue.path;
    const field = (first === 'requirements' ? second : first) as keyof ProfileForm;
    errors[field] ??= issue.message;
  }
  return { errors };
}
