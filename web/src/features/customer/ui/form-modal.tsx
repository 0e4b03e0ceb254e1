import type { FormEvent, ReactNode } from 'react';
import { Modal } from '../../../components/modal';

interface FormModalProps {
  title: string;
  formId: string;
  saveLabel: string;
  saving: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}

/** A dialog holding one form, with Cancel and a Save button that reads 'Saving...' while busy. */
export function FormModal({ title, formId, saveLabel, saving, onClose, onSubmit, children }: FormModalProps) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn" disabled={saving}>
            {saving ? 'Saving...' : saveLabel}
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
