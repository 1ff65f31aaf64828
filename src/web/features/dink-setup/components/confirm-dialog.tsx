import type { FormEvent, ReactNode } from 'react';
import { FormAlert } from '../../../components/form-alert.tsx';
import { Modal } from '../../../components/modal.tsx';
import { ModalActions } from '../../../components/modal-actions.tsx';

/** A question before a step that cannot be undone, with the server's refusal shown in place. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  label,
  pendingLabel,
  pending,
  error,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  label: string;
  pendingLabel: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm();
  };
  return (
    <Modal open={open} onOpenChange={(next) => !next && onClose()} title={title} description={description}>
      <form onSubmit={submit} className="space-y-4">
        {error !== null && <FormAlert>{error}</FormAlert>}
        <ModalActions
          onCancel={onClose}
          label={label}
          pendingLabel={pendingLabel}
          pending={pending}
          tone="danger"
        />
      </form>
    </Modal>
  );
}
