interface ActiveSwitchProps {
  active: boolean;
  /** What is switched, read out with the state, e.g. "Bank 1 0011223344". */
  what: string;
  disabled: boolean;
  onToggle: () => void;
}

/** Active or inactive, saved at once; disabled while any save of the same tenant runs. */
export function ActiveSwitch({ active, what, disabled, onToggle }: ActiveSwitchProps) {
  return (
    <button type="button" role="switch" aria-checked={active} aria-label={`${what} active`} className="admin-switch" disabled={disabled} onClick={onToggle}>
      {active ? 'Active' : 'Inactive'}
    </button>
  );
}
