import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Field } from '../../../components/field';
import { ColumnMappingEditor } from './column-mapping-editor';
import { blankDraft, draftFieldOf, draftFromMapping, mappingFromDraft, type MappingDraft } from './column-mapping-draft';
import { ImportResult } from './import-result';
import { reconciliationApi, reconciliationKeys, type StatementLayout } from './reconciliation-api';
import { UploadProgress } from './upload-progress';
import { useStatementUpload } from './use-statement-upload';
import { SubmitButton } from '../../../components/submit-button';

/** The file types the server reads (docs/reconciliation.md): camt.053, MT940, CSV, Excel. */
export const STATEMENT_FILE_TYPES = '.xml,.sta,.mt940,.txt,.csv,.xlsx';
/** The server's limit (MAX_STATEMENT_BYTES in services' statement-limits.ts; a test compares them): a larger file is refused before it is sent. */
export const MAX_STATEMENT_BYTES = 5_000_000;

/** The layout choice's own values beside the layouts' ids. */
const FIND_LAYOUT = '';
const OWN_COLUMNS = 'own-columns';

/** A CSV or Excel file (or a .txt, which may be either a CSV or an MT940): the ones a layout reads. */
const mayBeTabular = (name: string) => /\.(csv|xlsx|txt)$/i.test(name);

/**
 * Where the columns set by hand start: the first layout; with none to start from (they could not be
 * loaded, or none is saved), empty columns; nothing yet while the layouts are on their way.
 */
function firstDraft(layouts: readonly StatementLayout[] | undefined, pending: boolean): MappingDraft | null {
  const first = layouts?.[0];
  if (first) return draftFromMapping(first.mapping);
  return pending ? null : blankDraft();
}

/**
 * Uploads a statement to one bank account: the file, for a CSV or Excel file the layout (found by
 * the server, one of the layouts, or the columns set by hand, which opens by itself when no layout
 * reads the file), the progress, then what was imported or why the server refused it.
 */
export function StatementUploadCard({ accountId }: { accountId: string }) {
  const layouts = useQuery({ queryKey: reconciliationKeys.layouts, queryFn: reconciliationApi.layouts });
  const { state, busy, upload, clear } = useStatementUpload(accountId);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [choice, setChoice] = useState(FIND_LAYOUT);
  const [draft, setDraft] = useState<MappingDraft | null>(null);

  const presets = layouts.data ?? [];
  // The columns set by hand start here, one way for every way they are chosen (the picker, the
  // refusal's button, no layout reading the file), and for a choice made before the layouts came
  // (the refusal first on a busy desk): once they arrive or fail. Before, the editor waited for a
  // draft nothing made.
  useEffect(() => {
    if (choice !== OWN_COLUMNS || draft) return;
    const started = firstDraft(layouts.data, layouts.isPending);
    if (started) setDraft(started);
  }, [choice, draft, layouts.data, layouts.isPending]);
  const refusal = state.phase === 'refused' ? state.refusal : null;

  const mappingErrors: Partial<Record<keyof MappingDraft, string>> = {};
  for (const [path, message] of Object.entries(refusal?.mappingErrors ?? {})) {
    const field = draft && draftFieldOf(path, draft.amountKind);
    if (field) mappingErrors[field] ??= message;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setFileError('Choose a statement file');
    if (file.size > MAX_STATEMENT_BYTES) return setFileError('This file is larger than 5 MB: a statement is at most 5 MB. Export a shorter period.');
    const tabular = mayBeTabular(file.name);
    const preset = presets.find((layout) => layout.id === choice);
    const mapping =
      !tabular || choice === FIND_LAYOUT
        ? null
        : choice === OWN_COLUMNS && draft
          ? JSON.stringify(mappingFromDraft(draft))
          : preset
            ? JSON.stringify(preset.mapping)
            : null;
    void upload(file, mapping).then((outcome) => {
      // No layout read the file: the columns are set by hand, starting from the first layout.
      if (outcome.phase === 'refused' && outcome.refusal.noLayoutReads) setChoice(OWN_COLUMNS);
    });
  };

  return (
    <section className="card statement-upload" aria-labelledby="upload-heading">
      <h2 id="upload-heading">Upload a statement</h2>
      <form onSubmit={submit} noValidate>
        <div className="admin-form-grid">
          <Field label="Statement file" error={fileError} hint="camt.053 (.xml), MT940 (.sta, .mt940, .txt), CSV or Excel (.xlsx); at most 5 MB">
            <input
              type="file"
              accept={STATEMENT_FILE_TYPES}
              disabled={busy}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setFileError(null);
                clear();
              }}
            />
          </Field>
          {file && mayBeTabular(file.name) && (
            <Field
              label="Layout of the file"
              hint="For CSV and Excel statements. The desk uses the layout saved for this account, else the first that reads the file."
            >
              <select value={choice} disabled={busy || layouts.isPending} onChange={(event) => setChoice(event.target.value)}>
                <option value={FIND_LAYOUT}>Let the desk find it</option>
                {presets.map((layout) => (
                  <option key={layout.id} value={layout.id}>
                    {layout.name}: {layout.seenIn}
                  </option>
                ))}
                <option value={OWN_COLUMNS}>Set the columns myself</option>
              </select>
            </Field>
          )}
        </div>
        {layouts.isError && <p className="error">The layouts could not be loaded; the desk can still find the layout of a file.</p>}
        {file && mayBeTabular(file.name) && choice === OWN_COLUMNS && draft && (
          <ColumnMappingEditor draft={draft} onChange={setDraft} errors={mappingErrors} disabled={busy} />
        )}
        <SubmitButton busy={busy} busyLabel="Uploading…">
          Upload statement
        </SubmitButton>
      </form>

      <UploadProgress state={state} />
      {state.phase === 'imported' && <ImportResult answer={state.answer} />}
      {refusal && (
        <div role="alert" className="upload-refusal">
          <h3>The statement was not imported</h3>
          <ul>
            {refusal.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          {file && mayBeTabular(file.name) && choice !== OWN_COLUMNS && (
            <button type="button" className="btn secondary small" onClick={() => setChoice(OWN_COLUMNS)}>
              Set the columns myself
            </button>
          )}
        </div>
      )}
    </section>
  );
}
