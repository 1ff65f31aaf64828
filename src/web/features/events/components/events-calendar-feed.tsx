import { CalendarDays } from 'lucide-react';
import { EVENTS_FEED_PATH } from '#core/events/event-calendar.ts';

const LINK_CLASS = 'text-sky-300 hover:text-sky-200 hover:underline';

/**
 * The events as a calendar feed for a member's own calendar: the webcal: link opens their calendar
 * app to subscribe; calendars that take a pasted address (Google's) get the feed's web address.
 */
export function EventsCalendarFeed() {
  const { host, origin } = window.location;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-400">
      <CalendarDays aria-hidden="true" className="h-4 w-4 text-gold-300" />
      <a href={`webcal://${host}${EVENTS_FEED_PATH}`} className={`font-medium ${LINK_CLASS}`}>
        Subscribe to the events calendar
      </a>
      <span>
        or add{' '}
        <a href={EVENTS_FEED_PATH} className={`break-all ${LINK_CLASS}`}>
          {origin}
          {EVENTS_FEED_PATH}
        </a>{' '}
        to your calendar app
      </span>
    </p>
  );
}
