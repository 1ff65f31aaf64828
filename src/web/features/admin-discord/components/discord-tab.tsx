import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { DiscordKindInfo } from '#core/discord/discord-kinds.ts';
import type { DiscordRoute } from '#core/discord/discord-routes.schema.ts';
import { DataTable } from '../../../components/data-table.tsx';
import { savedText, type Notify } from '../../../components/notice-banner.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { Modal } from '../../../components/modal.tsx';
import { EmptyState } from '../../../components/states.tsx';
import { TabSection } from '../../../components/tab-section.tsx';
import { useDiscordKinds, useDiscordRoutes } from '../api/discord-routes.ts';
import { WEBHOOK_HELP } from '../lib/webhook-help.ts';
import { DeliveryHistory } from './delivery-history.tsx';
import { DiscordAppSection } from './discord-app-section.tsx';
import { RankRolesSection } from './rank-roles-section.tsx';
import { RouteForm } from './route-form.tsx';
import { RouteRow } from './route-row.tsx';

/** What a dialog is open for: a new route, a route to edit, or a route's history. */
type Open =
  { kind: 'add' } | { kind: 'edit'; route: DiscordRoute } | { kind: 'history'; route: DiscordRoute };

function RoutesTable({
  routes,
  kinds,
  notify,
  onOpen,
}: {
  routes: DiscordRoute[];
  kinds: readonly DiscordKindInfo[];
  notify: Notify;
  onOpen: (open: Open) => void;
}) {
  if (routes.length === 0) {
    return (
      <EmptyState title="No Discord routes yet">
        Add a route with a channel’s webhook URL. {WEBHOOK_HELP}
      </EmptyState>
    );
  }
  return (
    // Stacked: on a phone each route is a card, its buttons on screen.
    <DataTable
      caption="Discord routes"
      columns={['Route', 'News', 'State', 'Last delivery', 'Actions']}
      stacked
    >
      {routes.map((route) => (
        <RouteRow
          key={route.id}
          route={route}
          kinds={kinds}
          notify={notify}
          onEdit={() => onOpen({ kind: 'edit', route })}
          onHistory={() => onOpen({ kind: 'history', route })}
        />
      ))}
    </DataTable>
  );
}

function RouteDialogs({
  open,
  kinds,
  notify,
  onClose,
}: {
  open: Open | null;
  kinds: readonly DiscordKindInfo[];
  notify: Notify;
  onClose: () => void;
}) {
  const saved = (route: DiscordRoute) => {
    onClose();
    notify({ kind: 'success', text: savedText(route.name) });
  };
  const editing = open?.kind === 'edit' ? open.route : undefined;
  const history = open?.kind === 'history' ? open.route : undefined;
  return (
    <>
      <Modal
        open={open?.kind === 'add' || editing !== undefined}
        onOpenChange={(next) => !next && onClose()}
        size="large"
        title={editing ? `Edit ${editing.name}` : 'Add Discord route'}
        description="A route posts the news it carries to one Discord channel's webhook."
      >
        <RouteForm
          key={editing?.id ?? 'new'}
          kinds={kinds}
          {...(editing ? { route: editing } : {})}
          onSaved={saved}
          onCancel={onClose}
        />
      </Modal>
      <Modal
        open={history !== undefined}
        onOpenChange={(next) => !next && onClose()}
        size="large"
        title={history ? `History of ${history.name}` : ''}
        description="The latest deliveries on this route, newest first, with Discord's answer."
      >
        {history && <DeliveryHistory route={history} kinds={kinds} />}
      </Modal>
    </>
  );
}

/**
 * The Discord tab (issue 22): the routes that post the clan's news to Discord, each a webhook with
 * the kinds of news it carries; add, change, test and delete them, and read what each delivered.
 * Under them (issue 32), the Discord application behind sign-in and the bot, and the server roles
 * the bot gives each rank.
 */
export function DiscordTab({ notify }: { notify: Notify }) {
  const routes = useDiscordRoutes();
  const kinds = useDiscordKinds();
  const [open, setOpen] = useState<Open | null>(null);
  return (
    <TabSection
      title="Discord"
      description="Post the clan's news to Discord channels through webhooks: each route is one channel's webhook and the news it carries."
      actions={
        <button
          type="button"
          onClick={() => setOpen({ kind: 'add' })}
          disabled={!kinds.data}
          className="flex items-center gap-2 rounded bg-gold-500 px-4 py-2 font-medium text-stone-950 hover:bg-gold-400 disabled:opacity-60"
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add route
        </button>
      }
    >
      <QueryState
        query={kinds}
        loadingLabel="Loading Discord routes..."
        errorTitle="Error Loading Discord Routes"
      >
        {(kindList) => (
          <QueryState
            query={routes}
            loadingLabel="Loading Discord routes..."
            errorTitle="Error Loading Discord Routes"
          >
            {(list) => (
              <>
                <RoutesTable routes={list} kinds={kindList} notify={notify} onOpen={setOpen} />
                <RouteDialogs open={open} kinds={kindList} notify={notify} onClose={() => setOpen(null)} />
              </>
            )}
          </QueryState>
        )}
      </QueryState>
      <DiscordAppSection />
      <RankRolesSection />
    </TabSection>
  );
}
