import { useState, type ReactNode } from 'react';
import { Modal } from '../../../components/modal';
import { Field } from '../../../components/field';
import { useT } from '../../../i18n/use-t';

interface SavedPickerProps<Saved extends { _id: string }> {
  label: string;
  error: string | null;
  saved: readonly Saved[];
  selectedId: string;
  optionText: (saved: Saved) => string;
  /** The first option while nothing known is selected: one while some are saved, one while none are. */
  placeholder: { some: string; none: string };
  /** Names a selection gone from the list meanwhile; without it the placeholder shows instead. */
  removed?: string;
  onSelect: (saved: Saved) => void;
  /** Add: the button, and the form's dialog (given how to close it; what it saves is selected). */
  add: { label: string; dialog: (close: () => void) => ReactNode };
  /** Manage: the button, the dialog's title and the manager it holds. */
  manage: { label: string; title: string; manager: ReactNode };
}

/** Choose from the saved addresses or accounts, or add and manage them without leaving the trading form. */
export function SavedPicker<Saved extends { _id: string }>(props: SavedPickerProps<Saved>) {
  const { label, error, saved, selectedId, optionText, placeholder, removed, onSelect, add, manage } = props;
  const t = useT();
  const [dialog, setDialog] = useState<'add' | 'manage' | null>(null);
  const close = () => setDialog(null);
  const known = saved.some((s) => s._id === selectedId);
  const gone = !known && selectedId !== '' && removed !== undefined;
  return (
    <>
      <Field label={label} error={error}>
        <select
          value={known || gone ? selectedId : ''}
          onChange={(e) => {
            const choice = saved.find((s) => s._id === e.target.value);
            if (choice) onSelect(choice);
          }}
        >
          {!known && !gone && <option value="">{saved.length ? placeholder.some : placeholder.none}</option>}
          {gone && <option value={selectedId}>{removed}</option>}
          {saved.map((s) => (
            <option key={s._id} value={s._id}>
              {optionText(s)}
            </option>
          ))}
        </select>
      </Field>
      <div className="row picker-actions">
        <button type="button" className="btn secondary small" onClick={() => setDialog('add')}>
          {add.label}
        </button>
        <button type="button" className="btn secondary small" onClick={() => setDialog('manage')}>
          {manage.label}
        </button>
      </div>
      {dialog === 'add' && add.dialog(close)}
      {dialog === 'manage' && (
        <Modal title={manage.title} onClose={close} size="large" closeLabel={t('customer.dialog.close')}>
          {manage.manager}
        </Modal>
      )}
    </>
  );
}
