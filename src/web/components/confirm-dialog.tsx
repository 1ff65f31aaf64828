import { AlertDialog } from 'radix-ui';
import { useCallback, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FormAlert } from './form-alert.tsx';
import { DIALOG_DESCRIPTION, DIALOG_OVERLAY, DIALOG_TITLE, dialogPanel } from './modal.tsx';
import { CANCEL_BUTTON, SUBMIT_BUTTON, SUBMIT_TONES } from './modal-actions.tsx';

/** What a confirmation asks: its title names the step, the description says what follows from it. */
export interface ConfirmQuestion {
  title: string;
  description: ReactNode;
  /** The confirm button's text: the step itself ('Delete', 'Make Admin'), never 'OK'. */
  label: string;
  /** Red for what removes or takes away; gold for what grants. */
  tone?: keyof typeof SUBMIT_TONES;
}

export interface ConfirmDialogProps extends ConfirmQuestion {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  /** The step is running: the buttons wait and the dialog stays open until it has answered. */
  pending?: boolean;
  pendingLabel?: string;
  /** Why the server refused, shown in place so the admin can try again or cancel. */
  error?: string | null;
  /** Fields the step needs (a typed phrase), between the description and the buttons. */
  children?: ReactNode;
  /** Confirm waits for the fields to be right. */
  confirmDisabled?: boolean;
}

/**
 * The one question before a destructive or privileged step (issue 29): an alert dialog, so a screen
 * reader announces it as one and reads its title and description; focus starts on Cancel and stays
 * inside until it closes; Escape cancels; a click outside does nothing, so a stray click never
 * answers it. Enter in a field confirms, as a form's submit.
 */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  description,
  label,
  tone = 'danger',
  pending = false,
  pendingLabel = label,
  error = null,
  children,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  // Radix gives focus back only to a Dialog.Trigger; these dialogs open from code, so the control
  // that had focus when one opened gets it back when it closes.
  const returnFocus = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) returnFocus.current = document.activeElement;
  }, [open]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending && !confirmDisabled) onConfirm();
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && !pending && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={DIALOG_OVERLAY} />
        <AlertDialog.Content
          className={dialogPanel()}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus.current?.focus();
          }}
        >
          <AlertDialog.Title className={`mb-4 ${DIALOG_TITLE}`}>{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className={DIALOG_DESCRIPTION}>{description}</div>
          </AlertDialog.Description>
          {/* noValidate: the step checks its own fields and says what is missing in words. */}
          <form noValidate onSubmit={submit} className="space-y-4">
            {children}
            {error !== null && <FormAlert>{error}</FormAlert>}
            <div className="flex flex-wrap justify-end gap-2">
              <AlertDialog.Cancel asChild>
                <button type="button" disabled={pending} className={CANCEL_BUTTON}>
                  Cancel
                </button>
              </AlertDialog.Cancel>
              <button
                type="submit"
                disabled={pending || confirmDisabled}
                aria-busy={pending}
                className={`${SUBMIT_BUTTON} ${SUBMIT_TONES[tone]}`}
              >
                {pending ? pendingLabel : label}
              </button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/**
 * A confirmation awaited where `window.confirm` was: `if (!(await confirm({...}))) return;`. The
 * caller renders `dialog` once; `confirm` keeps its identity, so memoised rows may hold it.
 */
export function useConfirm(): {
  confirm: (question: ConfirmQuestion) => Promise<boolean>;
  dialog: ReactNode;
} {
  // The last question stays after it is answered: the dialog closes rather than unmounts, so focus
  // goes back to the button that asked.
  const [asked, setAsked] = useState<{ question: ConfirmQuestion; open: boolean } | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);
  const confirm = useCallback(
    (question: ConfirmQuestion) =>
      new Promise<boolean>((resolve) => {
        // A second question while one is open answers the first with no.
        resolver.current?.(false);
        resolver.current = resolve;
        setAsked({ question, open: true });
      }),
    [],
  );
  const answer = (yes: boolean) => {
    resolver.current?.(yes);
    resolver.current = null;
    setAsked((current) => current && { ...current, open: false });
  };
  const dialog =
    asked === null ? null : (
      <ConfirmDialog
        {...asked.question}
        open={asked.open}
        onClose={() => answer(false)}
        onConfirm={() => answer(true)}
      />
    );
  return { confirm, dialog };
}
