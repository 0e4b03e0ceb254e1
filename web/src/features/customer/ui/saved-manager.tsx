import { useT } from '../../../i18n/use-t';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useSavedMutation } from '../saved-mutation';
import { SavedTable, type SavedColumn, type SavedRow } from './saved-table';

/** What makes a saved list a list of wallets or of bank accounts: its words, columns, form and calls. */
export interface SavedKind<Row extends SavedRow> {
  /** What the list is for, above it. */
  intro: string;
  addLabel: string;
  columns: readonly SavedColumn<Row>[];
  /** Shown when there is nothing saved yet. */
  empty: string;
  /** Names a row for screen readers, e.g. "TRC20 address TR7NHqje…jLj6t". */
  describe: (row: Row) => string;
  /** The add form (no row) or the edit form. */
  form: (props: { row?: Row; onClose: () => void }) => ReactNode;
  deleteTitle: string;
  /** The delete dialog's question, naming the row. */
  deleteQuestion: (row: Row) => ReactNode;
  remove: (id: string) => Promise<{ message: string }>;
  /** The toast when a delete fails and the server says nothing better. */
  removeFailure: string;
  makeDefault: (id: string) => Promise<{ message: string }>;
  makeDefaultFailure: string;
}

type Editing<Row> = { kind: 'add' } | { kind: 'edit'; row: Row } | { kind: 'delete'; row: Row } | null;

interface SavedManagerProps<Row extends SavedRow> {
  kind: SavedKind<Row>;
  rows: readonly Row[];
  loading: boolean;
}

/**
 * A customer's saved wallets or bank accounts with add, edit, delete and make default: on their own
 * page and in the trading cards' manage dialog. Each change toasts the server's message and refreshes
 * the saved lists everywhere (saved-mutation).
 */
export function SavedManager<Row extends SavedRow>({ kind, rows, loading }: SavedManagerProps<Row>) {
  const t = useT();
  const [editing, setEditing] = useState<Editing<Row>>(null);
  const close = () => setEditing(null);
  const remove = useSavedMutation(kind.remove, { failure: kind.removeFailure, onDone: close });
  const makeDefault = useSavedMutation(kind.makeDefault, { failure: kind.makeDefaultFailure });

  return (
    <>
      <div className="row space-between">
        <p className="muted">{kind.intro}</p>
        <button type="button" className="btn" onClick={() => setEditing({ kind: 'add' })}>
          {kind.addLabel}
        </button>
      </div>
      {loading ? (
        <p className="muted">{t('customer.saved.loading')}</p>
      ) : (
        <SavedTable
          rows={rows}
          columns={kind.columns}
          empty={kind.empty}
          describe={kind.describe}
          onEdit={(row) => setEditing({ kind: 'edit', row })}
          onDelete={(row) => setEditing({ kind: 'delete', row })}
          onMakeDefault={(row) => makeDefault.mutate(row._id)}
        />
      )}
      {editing?.kind === 'add' && kind.form({ onClose: close })}
      {editing?.kind === 'edit' && kind.form({ row: editing.row, onClose: close })}
      {editing?.kind === 'delete' && (
        <ConfirmDialog
          title={kind.deleteTitle}
          confirmLabel={remove.isPending ? t('customer.saved.deleting') : t('customer.saved.delete')}
          cancelLabel={t('customer.saved.cancel')}
          closeLabel={t('customer.dialog.close')}
          busy={remove.isPending}
          onCancel={close}
          onConfirm={() => remove.mutate(editing.row._id)}
        >
          <p>{kind.deleteQuestion(editing.row)}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
