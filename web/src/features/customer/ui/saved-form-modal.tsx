import type { FormEvent, ReactNode } from 'react';
import { FormModal } from '../../../components/form-modal';
import { useT } from '../../../i18n/use-t';

interface SavedFormModalProps {
  title: string;
  /** Unique per entry, so the dialog's heading names its own form. */
  formId: string;
  saveLabel: string;
  saving: boolean;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}

/** The dialog adding or editing a saved entry (a wallet, a bank account), with the saved lists' own Saving, Cancel and Close words. */
export function SavedFormModal({ children, ...props }: SavedFormModalProps) {
  const t = useT();
  return (
    <FormModal {...props} savingLabel={t('customer.saved.saving')} cancelLabel={t('customer.saved.cancel')} closeLabel={t('customer.dialog.close')}>
      {children}
    </FormModal>
  );
}
