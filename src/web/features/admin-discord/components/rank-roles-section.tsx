import type { RankRoles } from '#core/discord/discord-home.schema.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { SectionPanel } from '../../../components/section-panel.tsx';
import { useDiscordApp } from '../api/discord-app.ts';
import { useRankRoles } from '../api/rank-roles.ts';
import { plural } from '../lib/plural.ts';
import { RankRolesForm } from './rank-roles-form.tsx';
import { RoleCheck } from './role-check.tsx';
import { SlashCommands } from './slash-commands.tsx';
import { WarningAlert } from './warning-alert.tsx';

/** Role changes the site has queued for Discord, and why sending them stopped, if it did. */
function RoleQueue({ rankRoles }: { rankRoles: RankRoles }) {
  return (
    <>
      {rankRoles.stopped_reason !== null && (
        <WarningAlert>Sending role changes stopped: {rankRoles.stopped_reason}</WarningAlert>
      )}
      {rankRoles.pending > 0 && (
        <p className="text-sm text-stone-300">
          {plural(rankRoles.pending, 'role change', 'role changes')} waiting to be sent
        </p>
      )}
    </>
  );
}

/**
 * 'Discord roles' (issue 32): which server role each rank and admin title gives its linked members,
 * the queue of changes on their way to Discord, a check (and fix) of every member's roles, and the
 * bot's slash commands.
 */
export function RankRolesSection() {
  const rankRoles = useRankRoles();
  // @everyone's id is the server's: the map leaves it out of the roles it offers.
  const guildId = useDiscordApp().data?.guild_id ?? null;
  return (
    <SectionPanel
      title="Discord roles"
      description="Linked members get the server role of their rank or title. The bot needs the Manage Roles permission, and its own role above these."
    >
      <QueryState
        query={rankRoles}
        loadingLabel="Loading Discord roles..."
        errorTitle="Error Loading Discord Roles"
      >
        {(loaded) => (
          <>
            <RoleQueue rankRoles={loaded} />
            {loaded.server_roles === null ? (
              <WarningAlert>{loaded.server_error ?? 'The server’s roles could not be read.'}</WarningAlert>
            ) : (
              <RankRolesForm rankRoles={loaded} serverRoles={loaded.server_roles} guildId={guildId} />
            )}
            <RoleCheck serverRoles={loaded.server_roles} />
          </>
        )}
      </QueryState>
      <SlashCommands />
    </SectionPanel>
  );
}
