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
}

/** Asks before a weighty step (deleting a saved entry, cancelling an order, changing who is an admin). */
export function ConfirmDialog({ title, children, confirmLabel, busy, onConfirm, onCancel, cancelLabel = 'Cancel' }: ConfirmDialogProps) {
  return (
    <Modal
      title={title}
      onClose={onCancel}
      size="small"
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
