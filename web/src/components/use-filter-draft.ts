import { useState, type FormEvent } from 'react';

interface FilterDraftOptions<Draft> {
  /** Puts the draft in force (Apply Filters, Search). */
  onApply: (draft: Draft) => void;
  /** Empties the filters in force (the address). */
  onClear: () => void;
}

/**
 * A filter form's draft of the filters in force: edited one field at a time, put in force on submit.
 * Clear empties the draft as well as the filters in force, since an address already unfiltered gives
 * the form nothing to start again from.
 */
export function useFilterDraft<Draft extends Record<keyof Draft, string>>(start: Draft, empty: Draft, { onApply, onClear }: FilterDraftOptions<Draft>) {
  const [draft, setDraft] = useState(start);
  return {
    draft,
    /** One field's change handler. */
    set: (key: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [key]: value })),
    submit: (event: FormEvent) => {
      event.preventDefault();
      onApply(draft);
    },
    clear: () => {
      setDraft(empty);
      onClear();
    },
  };
}
