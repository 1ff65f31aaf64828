import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'wouter';
import { GOAL_MESSAGES } from '#core/goals/goals.schema.ts';
import { RACE_MESSAGES } from '#core/races/races.schema.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { ShowMore } from '../../components/show-more.tsx';
import { TabStrip } from '../../components/tab-strip.tsx';
import { EmptyState, LoadingState } from '../../components/states.tsx';
import { paths } from '../../config/paths.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { usePublicGoals } from '../../features/goals/api/get-public-goals.ts';
import { GoalCard } from '../../features/goals/components/goal-card.tsx';
import { useRaces, type RaceScope } from '../../features/races/api/get-races.ts';
import { RaceList } from '../../features/races/components/race-list.tsx';
import { itemsOf } from '../../lib/paged-list.ts';

type ProgressTab = 'mine' | 'public' | 'goals';

function Races({ scope }: { scope: RaceScope }) {
  const races = useRaces(scope);
  return (
    <QueryState
      query={races}
      loadingLabel="Loading races..."
      errorTitle="Error Loading Races"
      keepDataOnError={races.isFetchNextPageError}
    >
      {(data) => (
        <div className="space-y-4">
          <RaceList
            races={itemsOf(data)}
            emptyTitle={scope === 'mine' ? RACE_MESSAGES.noRaces : RACE_MESSAGES.noPublicRaces}
          />
          <ShowMore list={races} what="races" />
        </div>
      )}
    </QueryState>
  );
}

function MemberGoals() {
  const goals = usePublicGoals();
  return (
    <QueryState
      query={goals}
      loadingLabel="Loading goals..."
      errorTitle="Error Loading Goals"
      keepDataOnError={goals.isFetchNextPageError}
    >
      {(data) => {
        const list = itemsOf(data);
        return list.length === 0 ? (
          <EmptyState title={GOAL_MESSAGES.noPublicGoals} />
        ) : (
          <div className="space-y-4">
            <div className="grid gap-3 md:grid-cols-2">
              {list.map((goal) => (
                <GoalCard key={goal.id} goal={goal} />
              ))}
            </div>
            <ShowMore list={goals} what="goals" />
          </div>
        );
      }}
    </QueryState>
  );
}

/**
 * /progress (spec §2): the user's races, everyone's public races and the members' public goals. My
 * Races is for signed-in users only; a visitor starts on Public Races. The open tab is the page's own
 * state, not the URL's (spec §4), and only the open tab loads its data.
 */
export function Component() {
  const me = useMe();
  const user = me.data?.user ?? null;
  const [chosen, setChosen] = useState<ProgressTab | null>(null);
  const header = <PageHeader title="Progress">Races between players and the goals members share.</PageHeader>;
  if (me.isPending) {
    return (
      <>
        {header}
        <LoadingState />
      </>
    );
  }
  const open: ProgressTab =
    chosen === null || (chosen === 'mine' && !user) ? (user ? 'mine' : 'public') : chosen;
  const tabs: Array<{ value: ProgressTab; label: string }> = [
    ...(user ? [{ value: 'mine' as const, label: 'My Races' }] : []),
    { value: 'public', label: 'Public Races' },
    { value: 'goals', label: 'Member Goals' },
  ];
  return (
    <>
      {header}
      {user && (
        <div className="mb-4">
          <Link
            to={paths.newRace}
            className="inline-block rounded bg-gold-500 px-4 py-2 text-sm font-semibold text-stone-950 hover:bg-gold-400"
          >
            Create Race
          </Link>
        </div>
      )}
      <Tabs.Root
        value={open}
        onValueChange={(value) => setChosen(value as ProgressTab)}
        className="space-y-6"
      >
        <TabStrip label="Progress sections" tabs={tabs} />
        <Tabs.Content value="mine">
          <Races scope="mine" />
        </Tabs.Content>
        <Tabs.Content value="public">
          <Races scope="public" />
        </Tabs.Content>
        <Tabs.Content value="goals">
          <MemberGoals />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
