import { useLocation } from 'wouter';
import { PageHeader } from '../../components/page-header.tsx';
import { paths } from '../../config/paths.ts';
import { useAdminMembers } from '../../features/admin-members/api/get-admin-members.ts';
import { EventForm } from '../../features/admin-events/components/event-form.tsx';
import { rememberCreatedEvent } from '../../features/admin-events/utils/created-event-notice.ts';
import { AdminGate } from '../layout/admin-gate.tsx';

/** Where the admin lands after saving or leaving the form: the dashboard's events tab. */
const EVENTS_TAB = `${paths.admin}?tab=events`;

function NewEvent() {
  const [, navigate] = useLocation();
  // The teams of a competition created with the event are named from the roster.
  const roster = useAdminMembers();
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title="New Event">
        Dates are in UTC. Weekly, Skill of the Week and Boss of the Week events last 7 days unless you set an
        end.
      </PageHeader>
      <div className="rounded-lg border border-stone-800 bg-stone-900 p-6">
        <EventForm
          members={roster.data ?? []}
          onSaved={(saved) => {
            rememberCreatedEvent(saved);
            navigate(EVENTS_TAB);
          }}
          onCancel={() => navigate(EVENTS_TAB)}
        />
      </div>
    </div>
  );
}

/** /admin/events/new: a manual event, for admins only. */
export function Component() {
  return (
    <AdminGate>
      <NewEvent />
    </AdminGate>
  );
}
