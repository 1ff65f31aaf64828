import { useQueryClient } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { useEffect, useMemo, type ComponentType } from 'react';
import { Toaster, toast } from 'sonner';
import type { Notify } from '../../components/notice-banner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { AuditTab } from '../../features/admin-audit/components/audit-tab.tsx';
import { BingoTab } from '../../features/admin-bingo/components/bingo-tab.tsx';
import { RefereeQueue } from '../../features/bingo/components/referee-queue.tsx';
import { ClanTab } from '../../features/admin-clan/components/clan-tab.tsx';
import { RanksTab } from '../../features/admin-clan/components/ranks-tab.tsx';
import { usePendingClaimRequestCount } from '../../features/admin-claims/api/get-claim-requests.ts';
import { ClaimsTab } from '../../features/admin-claims/components/claims-tab.tsx';
import { PendingClaimRequests } from '../../features/admin-claims/components/pending-claim-requests.tsx';
import { DiscordTab } from '../../features/admin-discord/components/discord-tab.tsx';
import { useStoppedRouteCount } from '../../features/admin-discord/api/discord-routes.ts';
import { StoppedRouteAlerts } from '../../features/admin-discord/components/stopped-route-alerts.tsx';
import { DinkTab } from '../../features/admin-dink/components/dink-tab.tsx';
import { EventsTab } from '../../features/admin-events/components/events-tab.tsx';
import { InactivityTab } from '../../features/admin-inactivity/components/inactivity-tab.tsx';
import { adminMembersQueryKey, useAdminMembers } from '../../features/admin-members/api/get-admin-members.ts';
import { AlertsTab } from '../../features/admin-members/components/alerts-tab.tsx';
import { MembersTab } from '../../features/admin-members/components/members-tab.tsx';
import { memberAlertCount } from '../../features/admin-members/lib/member-alerts.ts';
import { PastSeasonsTab } from '../../features/admin-seasons/components/past-seasons-tab.tsx';
import { SyncTab } from '../../features/admin-sync/components/sync-tab.tsx';
import { UsersTab } from '../../features/admin-users/components/users-tab.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useSearchParam } from '../../lib/use-search-param.ts';
import { NoticeList } from './notice-list.tsx';
import { TabBadgeCount, tabBadgeLabel, type TabBadge } from './tab-badge.tsx';
import { useNotices } from './use-notices.ts';

/**
 * The dashboard's tabs in order; the first is the default (spec §2). A new tab is one entry here and
 * its component in `OTHER_TABS`; the tab list wraps, so it fits a phone however many there are.
 */
const TABS = [
  { value: 'members', label: 'Members' },
  { value: 'alerts', label: 'Alerts' },
  { value: 'inactivity', label: 'Inactivity' },
  { value: 'events', label: 'Events' },
  { value: 'bingo', label: 'Bingo' },
  { value: 'ranks', label: 'Ranks' },
  { value: 'clan', label: 'Clan' },
  { value: 'seasons', label: 'Seasons' },
  { value: 'users', label: 'Users' },
  { value: 'claims', label: 'Claims' },
  { value: 'sync', label: 'Sync' },
  { value: 'discord', label: 'Discord' },
  { value: 'dink', label: 'Dink' },
  { value: 'audit', label: 'Audit' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** Claim codes are made for members of the admin roster, which the dashboard already loads. */
function DashboardClaimsTab({ notify }: { notify: Notify }) {
  return <ClaimsTab members={useAdminMembers()} notify={notify} />;
}

/**
 * The alerts put the claim requests waiting for a review among the other decisions (issue 21), and
 * first a Discord route the site stopped (issue 22).
 */
function DashboardAlertsTab({ notify }: { notify: Notify }) {
  return (
    <AlertsTab
      notify={notify}
      discordAlerts={<StoppedRouteAlerts />}
      claimRequests={<PendingClaimRequests notify={notify} />}
    />
  );
}

/** Any member still in the clan can be marked away, picked from the roster the dashboard loads. */
function DashboardInactivityTab({ notify }: { notify: Notify }) {
  const { data } = useAdminMembers();
  const members = useMemo(
    () =>
      data
        ?.filter((member) => member.left_at === null)
        .map((member) => ({
          wom_id: member.wom_id,
          name: member.name,
          ...(member.hidden ? { note: 'hidden' } : {}),
        })),
    [data],
  );
  return <InactivityTab notify={notify} members={members} />;
}

/** The members still in the clan, from the roster the dashboard loads, as a member picker lists them. */
function useClanMemberChoices() {
  const { data } = useAdminMembers();
  return useMemo(
    () =>
      data
        ?.filter((member) => member.left_at === null)
        .map((member) => ({ wom_id: member.wom_id, name: member.name })) ?? [],
    [data],
  );
}

/** An award made in one go may pick any member still in the clan. */
function DashboardEventsTab({ notify }: { notify: Notify }) {
  return <EventsTab notify={notify} members={useClanMemberChoices()} />;
}

/** A board's teams are picked from the clan's members; its referee queue is the one referees use. */
function DashboardBingoTab({ notify }: { notify: Notify }) {
  const members = useClanMemberChoices();
  return (
    <BingoTab
      notify={notify}
      members={members}
      queue={(board) => <RefereeQueue boardId={board.id} codeword={board.codeword} />}
    />
  );
}

/** A saved ladder or point values change every member's proposal and the +N buttons: the roster reloads. */
function DashboardRanksTab() {
  const queryClient = useQueryClient();
  return <RanksTab onSaved={() => void queryClient.invalidateQueries({ queryKey: adminMembersQueryKey })} />;
}

/** The signed-in admin's own row cannot change its admin flag (issue 21). */
function DashboardUsersTab({ notify }: { notify: Notify }) {
  return <UsersTab notify={notify} currentUserId={useMe().data?.user?.id ?? null} />;
}

const OTHER_TABS: Readonly<Record<Exclude<TabValue, 'members'>, ComponentType<{ notify: Notify }>>> = {
  alerts: DashboardAlertsTab,
  inactivity: DashboardInactivityTab,
  events: DashboardEventsTab,
  bingo: DashboardBingoTab,
  ranks: DashboardRanksTab,
  clan: ClanTab,
  seasons: PastSeasonsTab,
  users: DashboardUsersTab,
  claims: DashboardClaimsTab,
  sync: SyncTab,
  discord: DiscordTab,
  dink: DinkTab,
  audit: AuditTab,
};

function isTab(value: string): value is TabValue {
  return TABS.some((tab) => tab.value === value);
}

/**
 * The tabs' badges: Alerts counts every item the tab lists (issue 29; the spec counted reported
 * members only): stopped Discord routes, reported members, pending claim requests, rank updates and
 * members outside the WOM group. Claims counts the requests waiting for a review (issue 21).
 */
function useTabBadges(): Partial<Record<TabValue, TabBadge>> {
  const { data } = useAdminMembers();
  const members = useMemo(() => (data ? memberAlertCount(data) : 0), [data]);
  const claims = usePendingClaimRequestCount();
  const stoppedRoutes = useStoppedRouteCount();
  return {
    alerts: { count: members + claims + stoppedRoutes, meaning: 'to review', tone: 'bg-red-700 text-white' },
    claims: { count: claims, meaning: 'pending', tone: 'bg-sky-600 text-white' },
  };
}
/**
 * 'Clan Administration' (spec §2): the tab and the member search live in the URL (`?tab=`,
 * `?search=`), so a link reopens the same view. Tabs report what happened through `notify`, shown as
 * banners at the top of the tab's content; only the open tab is rendered, so a tab loads its data when it is opened.
 */
export function Dashboard() {
  // Each tab opened is a history entry, so Back returns to the tab before it (issue 21).
  const [tabParam, setTab] = useSearchParam('tab', 'push');
  const [search, setSearch] = useSearchParam('search');
  const tab: TabValue = isTab(tabParam) ? tabParam : 'members';
  const { notices, notify, dismiss } = useNotices();
  const badges = useTabBadges();
  // sonner keeps toasts in module state: without this, leaving the dashboard mid-toast would replay
  // the toast on the next visit.
  useEffect(() => () => void toast.dismiss(), []);

  return (
    <>
      <PageHeader title="Clan Administration" />
      <Toaster theme="dark" position="bottom-right" />
      <Tabs.Root value={tab} onValueChange={setTab} className="space-y-6">
        {/*
          On a phone the tabs wrap onto more rows rather than scroll: a scrolling row hid the last tabs
          with no hint (issue 21). The focus ring is drawn inside each tab, as in the TabStrip.
        */}
        <Tabs.List
          aria-label="Dashboard sections"
          className="flex flex-wrap gap-x-1 border-b border-stone-800"
        >
          {TABS.map(({ value, label }) => (
            <Tabs.Trigger
              key={value}
              value={value}
              aria-label={tabBadgeLabel(label, badges[value])}
              className="-mb-px flex items-center rounded-t border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-stone-400 outline-none hover:text-stone-100 focus-visible:ring-2 focus-visible:ring-gold-400 focus-visible:ring-inset data-[state=active]:border-gold-400 data-[state=active]:text-gold-300 sm:px-4"
            >
              {label}
              <TabBadgeCount badge={badges[value]} />
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {/* Between the tabs and the tab's content, in flow: a banner never lies over a control. */}
        <NoticeList notices={notices} onDismiss={dismiss} />
        <Tabs.Content value="members">
          <MembersTab notify={notify} search={search} onSearchChange={setSearch} />
        </Tabs.Content>
        {Object.entries(OTHER_TABS).map(([value, Tab]) => (
          <Tabs.Content key={value} value={value}>
            <Tab notify={notify} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}
