import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

/**
 * A dialog of the Discord tab: a title, a line about it, a close button; radix keeps focus inside it
 * and closes it on Escape or a click outside.
 */
export function DiscordDialog({
  open,
  onClose,
  title,
  description,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 space-y-4 overflow-y-auto rounded-lg border border-stone-700 bg-stone-900 p-4 text-stone-100 shadow-2xl sm:p-6">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-semibold break-words text-stone-100">{title}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="rounded p-1 text-stone-400 hover:bg-stone-800 hover:text-stone-100"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="text-sm text-stone-400">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
