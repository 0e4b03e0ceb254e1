import type { FormEvent, ReactNode } from 'react';
import { Modal } from './modal';

interface FormModalProps {
  title: string;
  formId: string;
  saveLabel: string;
  saving: boolean;
  /** What the save button reads while busy. */
  savingLabel?: string;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  size?: 'small' | 'large';
  /** The Cancel button's words, in the page's language. */
  cancelLabel?: string;
  /** The dialog's close button's name. */
  closeLabel?: string;
  children: ReactNode;
}

/** A dialog holding one form, with Cancel and a save button that reads `savingLabel` while busy. */
export function FormModal({
  title,
  formId,
  saveLabel,
  saving,
  savingLabel = 'Saving...',
  onClose,
  onSubmit,
  size,
  cancelLabel = 'Cancel',
  closeLabel,
  children,
}: FormModalProps) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      size={size}
      closeLabel={closeLabel}
      footer={
        <>
          <button type="button" className="btn secondary" onClick={onClose}>
            {cancelLabel}
          </button>
          <button type="submit" form={formId} className="btn" disabled={saving}>
            {saving ? savingLabel : saveLabel}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </Modal>
  );
}
