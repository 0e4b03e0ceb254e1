import type { ReactNode } from 'react';
import { ErrorAlert } from '../../../components/error-alert';
import { Modal } from '../../../components/modal';

interface ConfirmLineStepProps {
  title: string;
  /** The confirm button's words, and its words while the decision is being recorded. */
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Why the server refused the decision, if it did. */
  failure: string | null;
  /** A refund is shown as the weightier step (a danger button). */
  danger?: boolean;
  onBack: () => void;
  onConfirm: () => void;
  onClose: () => void;
  /** What will be recorded, in the admin's words. */
  children: ReactNode;
}

/** The second step of deciding an unmatched line (assign, refund): what will be recorded, Back, and the decision. */
export function ConfirmLineStep({ title, confirmLabel, busyLabel, busy, failure, danger, onBack, onConfirm, onClose, children }: ConfirmLineStepProps) {
  return (
    <Modal
      title={title}
      size="small"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn secondary" onClick={onBack}>
            Back
          </button>
          <button type="button" className={danger ? 'btn danger' : 'btn'} disabled={busy} onClick={onConfirm}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </>
      }
    >
      {children}
      <ErrorAlert>{failure}</ErrorAlert>
    </Modal>
  );
}
