import { useId, useState, type FormEvent } from 'react';
import type { DiscordApp, RankRoles } from '#core/discord/discord-home.schema.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { SectionPanel } from '../../../components/section-panel.tsx';
import { useDiscordApp, useSaveDiscordApp } from '../api/discord-app.ts';
import { useRankRoles } from '../api/rank-roles.ts';
import {
  discordAppFormErrors,
  discordAppFormValues,
  discordAppInput,
  type DiscordAppFormErrors,
  type DiscordAppFormValues,
} from '../lib/discord-app-form-values.ts';
import { AdminRolesField } from './admin-roles-field.tsx';
import { SecretField } from './secret-field.tsx';

const idField = { autoComplete: 'off', spellCheck: false, inputMode: 'numeric' } as const;

/** The admin roles wait for the server's roles, so the field does not turn from ids into checkboxes. */
function AdminRoles({
  rankRoles,
  guildId,
  value,
  error,
  onChange,
}: {
  rankRoles: { isPending: boolean; data: RankRoles | undefined };
  guildId: string | null;
  value: string[];
  error: string | undefined;
  onChange: (ids: string[]) => void;
}) {
  if (rankRoles.isPending) return <p className="text-sm text-stone-400">Loading the server’s roles...</p>;
  return (
    <AdminRolesField
      serverRoles={rankRoles.data?.server_roles ?? null}
      guildId={guildId}
      value={value}
      error={error}
      onChange={onChange}
    />
  );
}

/**
 * The application's settings. Each secret is sent only when typed or cleared; the form checks the
 * ids, the key and the URL with the contract's own rules before it asks the server.
 */
function DiscordAppForm({ app }: { app: DiscordApp }) {
  const save = useSaveDiscordApp();
  const rankRoles = useRankRoles();
  const membersOnlyHintId = useId();
  const [values, setValues] = useState<DiscordAppFormValues>(() => discordAppFormValues(app));
  const [errors, setErrors] = useState<DiscordAppFormErrors>({});
  const [checked, setChecked] = useState(false);

  const change = (next: Partial<DiscordAppFormValues>) => {
    const changed = { ...values, ...next };
    setValues(changed);
    save.reset();
    if (checked) setErrors(discordAppFormErrors(changed));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = discordAppFormErrors(values);
    setErrors(found);
    setChecked(true);
    if (Object.keys(found).length > 0) return;
    save.mutate(discordAppInput(values), {
      // The typed secrets have done their job: the form shows what is stored now.
      onSuccess: (saved) => {
        setValues(discordAppFormValues(saved));
        setChecked(false);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Application ID"
          value={values.applicationId}
          onChange={(event) => change({ applicationId: event.target.value })}
          error={errors.applicationId}
          {...idField}
        />
        <FormField
          label="Server ID"
          value={values.guildId}
          onChange={(event) => change({ guildId: event.target.value })}
          hint="In Discord, with Developer Mode on: right-click the server → Copy Server ID."
          error={errors.guildId}
          {...idField}
        />
        <div className="sm:col-span-2">
          <FormField
            label="Public key"
            value={values.publicKey}
            onChange={(event) => change({ publicKey: event.target.value })}
            autoComplete="off"
            spellCheck={false}
            hint="On the application's General Information page; it checks the slash commands' requests."
            error={errors.publicKey}
          />
        </div>
        <div className="sm:col-span-2">
          <FormField
            label="Authorize URL"
            value={values.authorizeUrl}
            onChange={(event) => change({ authorizeUrl: event.target.value })}
            autoComplete="off"
            spellCheck={false}
            inputMode="url"
            hint="Discord's sign-in page, where Sign in with Discord sends members."
            error={errors.authorizeUrl}
          />
        </div>
        <SecretField
          label="Bot token"
          set={app.bot_token_set}
          value={values.botToken}
          clear={values.clearBotToken}
          clearLabel="Clear the bot token"
          error={errors.botToken}
          onChange={(botToken) => change({ botToken })}
          onClearChange={(clearBotToken) => change({ clearBotToken })}
        />
        <SecretField
          label="Client secret"
          set={app.client_secret_set}
          value={values.clientSecret}
          clear={values.clearClientSecret}
          clearLabel="Clear the client secret"
          error={errors.clientSecret}
          onChange={(clientSecret) => change({ clientSecret })}
          onClearChange={(clearClientSecret) => change({ clearClientSecret })}
        />
      </div>
      <div className="space-y-1">
        <label className="flex items-start gap-2 text-sm text-stone-200">
          <input
            type="checkbox"
            checked={values.membersOnly}
            onChange={(event) => change({ membersOnly: event.target.checked })}
            aria-describedby={membersOnlyHintId}
            className="mt-0.5 shrink-0 accent-gold-500"
          />
          Only members of the server can sign up
        </label>
        <p id={membersOnlyHintId} className="ml-6 text-xs text-stone-400">
          A first sign-in with Discord makes an account only for members of the clan’s server.
        </p>
      </div>
      <AdminRoles
        rankRoles={rankRoles}
        guildId={app.guild_id}
        value={values.adminRoleIds}
        error={errors.adminRoleIds}
        onChange={(adminRoleIds) => change({ adminRoleIds })}
      />
      {save.isError && <FormAlert>Failed to save the Discord application: {save.error.message}</FormAlert>}
      {save.isSuccess && <FormAlert kind="success">Discord application saved.</FormAlert>}
      <button
        type="submit"
        disabled={save.isPending}
        aria-busy={save.isPending}
        className="rounded bg-gold-500 px-4 py-2 font-semibold text-stone-950 hover:bg-gold-400 disabled:opacity-60"
      >
        {save.isPending ? 'Saving...' : 'Save'}
      </button>
    </form>
  );
}

/**
 * 'Discord application' (issue 32): the application from Discord's Developer Portal that signs
 * members in and runs the bot, with its secrets, who may sign up and which server roles are admins.
 */
export function DiscordAppSection() {
  const app = useDiscordApp();
  return (
    <SectionPanel
      title="Discord application"
      description="The application from the Discord Developer Portal behind Sign in with Discord, the bot and its slash commands."
    >
      <QueryState
        query={app}
        loadingLabel="Loading the Discord application..."
        errorTitle="Error Loading the Discord Application"
      >
        {(loaded) => <DiscordAppForm app={loaded} />}
      </QueryState>
    </SectionPanel>
  );
}
