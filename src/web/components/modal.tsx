import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

const SIZES = { medium: 'max-w-lg', large: 'max-w-3xl' } as const;

/** The dimmed page behind a dialog, and the dialog's panel: shared with the confirm dialog. */
export const DIALOG_OVERLAY = 'fixed inset-0 z-40 bg-black/70';
export const dialogPanel = (size: keyof typeof SIZES = 'medium') =>
  `fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] ${SIZES[size]} -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-stone-700 bg-stone-900 p-6 text-stone-100 shadow-2xl`;
export const DIALOG_TITLE = 'text-xl font-bold text-gold-300';
export const DIALOG_DESCRIPTION = 'mb-4 space-y-2 text-sm text-stone-300';

/**
 * A dialog of the dashboard: a title, an optional description, and a close button; radix keeps focus
 * inside it and closes it on Escape or a click outside.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  size = 'medium',
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  size?: keyof typeof SIZES;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={DIALOG_OVERLAY} />
        <Dialog.Content
          // Without a description, say so: radix otherwise points at a description that is not there.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={dialogPanel(size)}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <Dialog.Title className={DIALOG_TITLE}>{title}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="rounded p-1 text-stone-400 hover:bg-stone-800 hover:text-stone-100"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          {description && (
            <Dialog.Description asChild>
              <div className={DIALOG_DESCRIPTION}>{description}</div>
            </Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
