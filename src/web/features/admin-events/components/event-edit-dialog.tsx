import { Dialog } from 'radix-ui';
import type { AdminEvent } from '#core/events/admin-events.schema.ts';
import { EventForm } from './event-form.tsx';

/** The 'Edit Event' modal for a manual event; closing it without saving changes nothing. */
export function EventEditDialog({
  event,
  onClose,
  onSaved,
}: {
  event: AdminEvent | null;
  onClose: () => void;
  onSaved: (saved: AdminEvent) => void;
}) {
  return (
    <Dialog.Root open={event !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 space-y-4 overflow-y-auto rounded-lg border border-stone-700 bg-stone-900 p-6 shadow-xl">
          <Dialog.Title className="text-xl font-semibold text-stone-100">Edit Event</Dialog.Title>
          <Dialog.Description className="text-sm text-stone-400">
            Dates are in UTC. Points are paid from the linked competition once the event has ended.
          </Dialog.Description>
          {event && <EventForm key={event.id} event={event} onSaved={onSaved} onCancel={onClose} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
