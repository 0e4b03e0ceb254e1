interface MenuToggleProps {
  navId: string;
  navOpen: boolean;
  onToggle: () => void;
  /** The button's name, in the page's language. */
  label?: string;
}

/** The top bar's button that opens and closes the sidebar drawer below 992 px (shell.css hides it above). */
export function MenuToggle({ navId, navOpen, onToggle, label = 'Toggle navigation' }: MenuToggleProps) {
  return (
    <button type="button" className="icon-button menu-toggle" aria-controls={navId} aria-expanded={navOpen} aria-label={label} onClick={onToggle}>
      <span aria-hidden="true">☰</span>
    </button>
  );
}
