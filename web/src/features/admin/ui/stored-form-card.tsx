import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { failureText } from '../../../lib/failure-text';
import { failureBesideFields } from '../../../lib/field-errors';
import { ErrorAlert } from '../../../components/error-alert';
import { SubmitButton } from '../../../components/submit-button';

/**
 * The draft of what the server holds, for a card that edits it: null until the first answer, then
 * that answer as the form shows it (`draftOf`); a refetch meanwhile leaves what the admin typed.
 */
export function useStoredDraft<Stored, Draft>(stored: Stored | undefined, draftOf: (stored: Stored) => Draft) {
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => {
    if (stored !== undefined && draft === null) setDraft(draftOf(stored));
  }, [stored, draft, draftOf]);
  return [draft, setDraft] as const;
}

interface StoredFormCardProps {
  className: string;
  titleId: string;
  title: string;
  /** What the card is for, under its heading. */
  intro: ReactNode;
  /** The query of what the card edits: "Loading..." while pending, its failure when it failed. */
  stored: { isPending: boolean; isError: boolean; error: unknown };
  /** The inputs, once there is a draft to show; nothing (and no save button) until then. */
  fields: ReactNode;
  save: { error: unknown; isPending: boolean };
  /** What the server refused under an input: not said again in the failure line. */
  underFields: Record<string, string>;
  /** The failure line's words when the server gives none, and the save button's. */
  failedSave: string;
  saveLabel: string;
  onSubmit: (event: FormEvent) => void;
}

/** A card whose form edits what the server holds (a brand's support contact, its customer SMS): loaded, edited, saved whole. */
export function StoredFormCard({ className, titleId, title, intro, stored, fields, save, underFields, failedSave, saveLabel, onSubmit }: StoredFormCardProps) {
  return (
    <form className={className} onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <p className="muted">{intro}</p>
      {stored.isPending && <p className="muted">Loading...</p>}
      <ErrorAlert>{stored.isError && failureText(stored.error, 'Failed to load data')}</ErrorAlert>
      {fields && (
        <>
          {fields}
          <ErrorAlert>{failureBesideFields(save.error, underFields, failedSave)}</ErrorAlert>
          <SubmitButton busy={save.isPending} busyLabel="Saving...">
            {saveLabel}
          </SubmitButton>
        </>
      )}
    </form>
  );
}
