import { useState, type FormEvent } from 'react';
import type { RankRoles, ServerRole } from '#core/discord/discord-home.schema.ts';
import { DataTable, StackedLabel } from '../../../components/data-table.tsx';
import { FormAlert } from '../../../components/form-alert.tsx';
import { useSaveRankRoles } from '../api/rank-roles.ts';
import { assignableRoles, rankRolesInput, roleName } from '../lib/server-roles.ts';

const GROUP_LABELS = { title: 'Title', rank: 'Rank' } as const;

/**
 * The choices of one row: no role, the roles the bot can give, and a role already mapped that it
 * cannot (deleted since, or given over to an integration), so the row shows what is stored.
 */
function RoleSelect({
  name,
  value,
  offered,
  serverRoles,
  onChange,
}: {
  name: string;
  value: string;
  offered: readonly ServerRole[];
  serverRoles: readonly ServerRole[];
  onChange: (id: string) => void;
}) {
  const stale = value !== '' && !offered.some((role) => role.id === value);
  return (
    <select
      aria-label={`Discord role for ${name}`}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className="w-full min-w-0 rounded border border-stone-700 bg-stone-950 px-2 py-1.5 text-stone-100 focus:border-gold-400 sm:min-w-48"
    >
      <option value="">No role</option>
      {stale && (
        <option value={value}>{`${roleName(serverRoles, value, 'Deleted role')} (cannot be given)`}</option>
      )}
      {offered.map((role) => (
        <option key={role.id} value={role.id}>
          {role.name}
        </option>
      ))}
    </select>
  );
}

/**
 * The rank-to-role map: a row per rank and admin title, highest first, each with the server role
 * its members get. Stacked on a phone, so the role's menu is on screen under the rank's name.
 */
export function RankRolesForm({
  rankRoles,
  serverRoles,
  guildId,
}: {
  rankRoles: RankRoles;
  serverRoles: readonly ServerRole[];
  guildId: string | null;
}) {
  const save = useSaveRankRoles();
  const [choices, setChoices] = useState<Record<string, string>>(() => ({ ...rankRoles.roles }));
  const offered = assignableRoles(serverRoles, guildId);

  const choose = (key: string, id: string) => {
    save.reset();
    setChoices((current) => ({ ...current, [key]: id }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(rankRolesInput(choices, rankRoles.keys));
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <DataTable caption="Discord roles" columns={['Name', 'Group', 'Discord role']} stacked>
        {rankRoles.keys.map(({ key, name, group }) => (
          <tr key={key} className="border-t border-stone-800 align-middle">
            <th scope="row" className="px-4 py-3 text-left font-medium break-words text-stone-100">
              {name}
            </th>
            <td className="px-4 py-3 text-stone-300">
              <StackedLabel>Group</StackedLabel>
              {GROUP_LABELS[group]}
            </td>
            <td className="px-4 py-3 max-sm:col-span-2">
              <StackedLabel>Discord role</StackedLabel>
              <RoleSelect
                name={name}
                value={choices[key] ?? ''}
                offered={offered}
                serverRoles={serverRoles}
                onChange={(id) => choose(key, id)}
              />
            </td>
          </tr>
        ))}
      </DataTable>
      {save.isError && <FormAlert>Failed to save the Discord roles: {save.error.message}</FormAlert>}
      {save.isSuccess && <FormAlert kind="success">Discord roles saved.</FormAlert>}
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
