import type { ReactNode } from 'react';
import { Modal } from './modal';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** The Cancel button's words, in the page's language. */
  cancelLabel?: string;
  /** The dialog's close button's name. */
  closeLabel?: string;
}

/** Asks before a weighty step (deleting a saved entry, cancelling an order, changing who is an admin). */
export function ConfirmDialog({ title, children, confirmLabel, busy, onConfirm, onCancel, cancelLabel = 'Cancel', closeLabel }: ConfirmDialogProps) {
  return (
    <Modal
      title={title}
      onClose={onCancel}
      size="small"
      closeLabel={closeLabel}
      footer={
        <>
          <button type="button" className="btn secondary" onClick={onCancel}>
            {cancelLabel}
          </button>
          <button type="button" className="btn danger" disabled={busy} onClick={onConfirm}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
