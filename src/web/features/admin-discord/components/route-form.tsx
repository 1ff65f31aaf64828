import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { DiscordKind, DiscordKindInfo } from '#core/discord/discord-kinds.ts';
import type { DiscordRoute } from '#core/discord/discord-routes.schema.ts';
import { DINK_MOMENT_KINDS, DINK_MOMENT_LABELS } from '#core/dink/dink.schema.ts';
import { EVENT_TYPES } from '#core/events/event-types.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { useCreateRoute, useUpdateRoute } from '../api/discord-routes.ts';
import {
  ACHIEVEMENT_CHOICES,
  routeFormErrors,
  routeFormValues,
  routeInput,
  toggled,
  type RouteFormErrors,
  type RouteFormValues,
} from '../lib/route-form-values.ts';
import { WEBHOOK_HELP } from '../lib/webhook-help.ts';
import { ModalActions } from '../../../components/modal-actions.tsx';

const inputClass =
  'w-full rounded border border-stone-700 bg-stone-950 px-3 py-2 text-stone-100 placeholder:text-stone-500 focus:border-gold-400';

const AUDIENCES = [
  { audience: 'public', legend: 'Clan news', hint: 'For the clan’s public channels.' },
  {
    audience: 'admin',
    legend: 'Admin channel',
    hint: 'Reports and requests: for a channel only admins see.',
  },
] as const;

function Checkbox({
  label,
  description,
  checked,
  onChange,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const descriptionId = useId();
  return (
    <div className="text-sm text-stone-200">
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={description ? descriptionId : undefined}
          className="mt-0.5 shrink-0 accent-gold-500"
        />
        <span className="min-w-0">{label}</span>
      </label>
      {description && (
        <p id={descriptionId} className="ml-6 text-xs text-stone-400">
          {description}
        </p>
      )}
    </div>
  );
}

function Group({ legend, hint, children }: { legend: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-2 rounded border border-stone-800 p-3">
      <legend className="px-1 text-sm font-medium text-stone-200">{legend}</legend>
      {hint && <p className="text-xs text-stone-400">{hint}</p>}
      {children}
    </fieldset>
  );
}

/** The webhook URL: a secret, so an edit starts blank and blank keeps the stored one. */
function UrlField({
  route,
  value,
  error,
  onChange,
}: {
  route: DiscordRoute | undefined;
  value: string;
  error: string | undefined;
  onChange: (url: string) => void;
}) {
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-200">
        Webhook URL{route ? ' (optional)' : ''}
      </label>
      <input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        inputMode="url"
        placeholder={route ? 'Leave blank to keep the stored URL' : 'https://discord.com/api/webhooks/…'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        className={inputClass}
      />
      <p id={hintId} className="text-xs text-stone-400">
        {route
          ? `Blank keeps the stored URL (${route.url_hint}). The URL is a secret: it is never shown again, only replaced.`
          : WEBHOOK_HELP}
      </p>
      {error && (
        <p id={errorId} className="text-sm text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The route form, for a new route or to change one: name, webhook, the kinds of news grouped by
 * whom they are for, filters, on or off. A refused save shows the server's reason with the input kept.
 */
export function RouteForm({
  route,
  kinds,
  onSaved,
  onCancel,
}: {
  route?: DiscordRoute;
  kinds: readonly DiscordKindInfo[];
  onSaved: (saved: DiscordRoute) => void;
  onCancel: () => void;
}) {
  const create = useCreateRoute();
  const update = useUpdateRoute();
  const save = route ? update : create;
  const [values, setValues] = useState<RouteFormValues>(() => routeFormValues(route));
  const [errors, setErrors] = useState<RouteFormErrors>({});
  const [checked, setChecked] = useState(false);
  const achievementsId = useId();
  const order = kinds.map((info) => info.kind);

  const change = (next: Partial<RouteFormValues>) => {
    const changed = { ...values, ...next };
    setValues(changed);
    if (checked) setErrors(routeFormErrors(changed, route !== undefined));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = routeFormErrors(values, route !== undefined);
    setErrors(found);
    setChecked(true);
    if (Object.keys(found).length > 0) return;
    const input = routeInput(values);
    if (route) update.mutate({ id: route.id, input }, { onSuccess: onSaved });
    else create.mutate({ ...input, url: values.url.trim() }, { onSuccess: onSaved });
  };

  const toggleKind = (kind: DiscordKind, on: boolean) =>
    change({ kinds: toggled(values.kinds, kind, on, order) });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {save.isError && <FormAlert>Failed to save the route: {save.error.message}</FormAlert>}
      <FormField
        label="Name"
        value={values.name}
        onChange={(event) => change({ name: event.target.value })}
        maxLength={60}
        autoComplete="off"
        placeholder="e.g. #clan-news"
        error={errors.name}
      />
      <UrlField route={route} value={values.url} error={errors.url} onChange={(url) => change({ url })} />
      <div className="space-y-2">
        <p className="text-sm font-medium text-stone-200">News this route carries</p>
        {errors.kinds && <p className="text-sm text-red-400">{errors.kinds}</p>}
        <div className="grid gap-3 sm:grid-cols-2">
          {AUDIENCES.map(({ audience, legend, hint }) => (
            <Group key={audience} legend={legend} hint={hint}>
              {kinds
                .filter((info) => info.audience === audience)
                .map((info) => (
                  <Checkbox
                    key={info.kind}
                    label={info.label}
                    description={info.description}
                    checked={values.kinds.includes(info.kind)}
                    onChange={(on) => toggleKind(info.kind, on)}
                  />
                ))}
            </Group>
          ))}
        </div>
      </div>
      <Group legend="Filters">
        <div className="space-y-1">
          <label htmlFor={achievementsId} className="block text-sm text-stone-200">
            Achievements
          </label>
          <select
            id={achievementsId}
            value={values.achievements}
            onChange={(event) =>
              change({
                achievements:
                  ACHIEVEMENT_CHOICES.find((choice) => choice.value === event.target.value)?.value ?? 'any',
              })
            }
            className={inputClass}
          >
            {ACHIEVEMENT_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="space-y-1">
          <legend className="text-sm text-stone-200">Competition types</legend>
          <p className="text-xs text-stone-400">None checked: competitions of every type.</p>
          <div className="grid gap-1 sm:grid-cols-2">
            {EVENT_TYPES.map((type) => (
              <Checkbox
                key={type}
                label={type}
                checked={values.competitionTypes.includes(type)}
                onChange={(on) =>
                  change({ competitionTypes: toggled(values.competitionTypes, type, on, EVENT_TYPES) })
                }
              />
            ))}
          </div>
        </fieldset>
        <fieldset className="space-y-1">
          <legend className="text-sm text-stone-200">In-game moments</legend>
          <p className="text-xs text-stone-400">None checked: moments of every kind.</p>
          <div className="grid gap-1 sm:grid-cols-2">
            {DINK_MOMENT_KINDS.map((kind) => (
              <Checkbox
                key={kind}
                label={DINK_MOMENT_LABELS[kind]}
                checked={values.momentKinds.includes(kind)}
                onChange={(on) =>
                  change({ momentKinds: toggled(values.momentKinds, kind, on, DINK_MOMENT_KINDS) })
                }
              />
            ))}
          </div>
        </fieldset>
      </Group>
      <label className="flex items-center gap-2 text-sm text-stone-200">
        <input
          type="checkbox"
          role="switch"
          checked={values.enabled}
          onChange={(event) => change({ enabled: event.target.checked })}
          className="accent-gold-500"
        />
        Enabled: post news on this route
      </label>
      <ModalActions
        onCancel={onCancel}
        label={route ? 'Save Changes' : 'Add Route'}
        pendingLabel="Saving..."
        pending={save.isPending}
        tone="confirm"
      />
    </form>
  );
}
