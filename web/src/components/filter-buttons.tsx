interface FilterButtonsProps {
  /** The submit button's words: "Apply Filters", "Search". */
  applyLabel: string;
  /** Empties the form's draft and the list's filters (use-filter-draft's clear). */
  onClear: () => void;
  /** The area's own class for the row (admin-filter-buttons, compliance-filter-buttons). */
  className: string;
}

/** A filter form's foot: its submit button, and Clear. */
export function FilterButtons({ applyLabel, onClear, className }: FilterButtonsProps) {
  return (
    <div className={`row ${className}`}>
      <button type="submit" className="btn">
        {applyLabel}
      </button>
      <button type="button" className="btn secondary" onClick={onClear}>
        Clear
      </button>
    </div>
  );
}
