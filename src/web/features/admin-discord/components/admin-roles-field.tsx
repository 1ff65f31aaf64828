import { useId, useState } from 'react';
import type { ServerRole } from '#core/discord/discord-home.schema.ts';
import { FormField } from '../../../components/form-field.tsx';
import { parseRoleIds } from '../lib/discord-app-form-values.ts';
import { toggled } from '../lib/route-form-values.ts';
import { assignableRoles, roleName } from '../lib/server-roles.ts';

const HINT =
  "Members holding any of these roles are the site's admins, checked again at each sign-in with Discord. None: off.";

/** Ids typed by hand, while the bot cannot list the server's roles; the text stays as typed. */
function RoleIdsField({
  value,
  error,
  onChange,
}: {
  value: readonly string[];
  error: string | undefined;
  onChange: (ids: string[]) => void;
}) {
  const [text, setText] = useState(() => value.join(', '));
  return (
    <FormField
      label="Admin roles"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onChange(parseRoleIds(event.target.value));
      }}
      autoComplete="off"
      spellCheck={false}
      placeholder="e.g. 1234567890123456789"
      hint={`Discord role ids, separated by commas. ${HINT}`}
      error={error}
    />
  );
}

/**
 * The server roles whose holders are admins: a checkbox per role the bot reads from the server, or,
 * when it cannot read them, the roles' ids typed by hand. A chosen role that is not offered (the
 * server no longer has it) stays listed, so it can be unchecked.
 */
export function AdminRolesField({
  serverRoles,
  guildId,
  value,
  error,
  onChange,
}: {
  /** Null when the server's roles could not be read. */
  serverRoles: readonly ServerRole[] | null;
  guildId: string | null;
  value: string[];
  error: string | undefined;
  onChange: (ids: string[]) => void;
}) {
  const hintId = useId();
  const errorId = useId();
  if (serverRoles === null) return <RoleIdsField value={value} error={error} onChange={onChange} />;

  const offered = assignableRoles(serverRoles, guildId).map((role) => ({ id: role.id, label: role.name }));
  const choices = [
    ...offered,
    ...value
      .filter((id) => !offered.some((choice) => choice.id === id))
      .map((id) => ({ id, label: roleName(serverRoles, id, 'Deleted role') })),
  ];
  const order = choices.map((choice) => choice.id);
  return (
    <fieldset
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      className="min-w-0 space-y-2 rounded border border-stone-800 p-3"
    >
      <legend className="px-1 text-sm font-medium text-stone-200">Admin roles</legend>
      <p id={hintId} className="text-xs text-stone-400">
        {HINT}
      </p>
      {choices.length === 0 ? (
        <p className="text-sm text-stone-400">The server has no roles to choose from.</p>
      ) : (
        <div className="grid max-h-60 gap-1 overflow-y-auto sm:grid-cols-2">
          {choices.map((choice) => (
            <label key={choice.id} className="flex items-start gap-2 text-sm text-stone-200">
              <input
                type="checkbox"
                checked={value.includes(choice.id)}
                onChange={(event) => onChange(toggled(value, choice.id, event.target.checked, order))}
                className="mt-0.5 shrink-0 accent-gold-500"
              />
              <span className="min-w-0 break-words">{choice.label}</span>
            </label>
          ))}
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
