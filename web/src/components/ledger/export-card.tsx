import { useState, type FormEvent } from 'react';
import { Field } from '../field';
import { ApiError } from '../../lib/api';
import { booksApi, type BooksArea } from './ledger-api';
import { SubmitButton } from '../submit-button';

interface ExportCardProps {
  area: BooksArea;
  tenantId: string | undefined;
  /** The day shown: the export runs from the first of its month to it unless changed. */
  day: string;
  today: string;
}

/** The brand's entries of a range of days as a CSV file (one row per posting line), saved by the browser. */
export function ExportCard({ area, tenantId, day, today }: ExportCardProps) {
  const [from, setFrom] = useState(`${day.slice(0, 8)}01`);
  const [to, setTo] = useState(day);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const download = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setBusy(true);
    try {
      await booksApi.downloadCsv(area, { ...(tenantId ? { tenantId } : {}), from, to });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'The file could not be made. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card" aria-labelledby="books-export-heading">
      <h2 id="books-export-heading">Export the entries</h2>
      <p className="muted">Every posting line of these days, one row each, as a CSV file for a spreadsheet or an auditor.</p>
      <form className="row books-export" onSubmit={download}>
        <Field label="From">
          <input type="date" value={from} max={today} required onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field label="To">
          <input type="date" value={to} max={today} required onChange={(e) => setTo(e.target.value)} />
        </Field>
        <SubmitButton busy={busy} busyLabel="Preparing the file…">
          Download CSV
        </SubmitButton>
      </form>
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
    </section>
  );
}
