import { PageHeader } from '../../components/page-header.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { AboutEvents } from '../../features/events/components/about-events.tsx';
import { EventsCalendarFeed } from '../../features/events/components/events-calendar-feed.tsx';
import { EventsBoard } from '../../features/events/components/events-board.tsx';
import { useSearchParam } from '../../lib/use-search-param.ts';

export function Component() {
  const [search, setSearch] = useSearchParam('search');
  return (
    <div className="space-y-6">
      <PageHeader title="Events">Weekly competitions, what is on now and who won.</PageHeader>
      <EventsCalendarFeed />
      <SearchBox
        label="Search events"
        value={search}
        onChange={setSearch}
        placeholder="Search events by name..."
      />
      <AboutEvents />
      <EventsBoard search={search} />
    </div>
  );
}
