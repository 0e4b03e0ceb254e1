interface CurrentLogoProps {
  logoUrl: string | null;
  removing: boolean;
  refreshing: boolean;
  onRefresh: () => void;
  onRemoving: (removing: boolean) => void;
}

/**
 * The logo as saved. Its link is signed and expires, so Refresh asks for the tenant again to get a
 * fresh one (and any logo another admin saved meanwhile). Removal happens on save, and can be undone.
 */
export function CurrentLogo({ logoUrl, removing, refreshing, onRefresh, onRemoving }: CurrentLogoProps) {
  if (removing)
    return (
      <div className="admin-logo-field">
        <span>The logo will be removed when you save.</span>
        <button type="button" className="btn secondary small" onClick={() => onRemoving(false)}>
          Keep current logo
        </button>
      </div>
    );
  return (
    <div className="admin-logo-field">
      {logoUrl ? <img className="admin-logo large" src={logoUrl} alt="Current logo" /> : <span className="muted">No logo yet</span>}
      <button type="button" className="btn secondary small" onClick={onRefresh} disabled={refreshing}>
        {refreshing ? 'Refreshing...' : 'Refresh'}
      </button>
      {logoUrl && (
        <button type="button" className="btn secondary small" onClick={() => onRemoving(true)}>
          Remove current logo
        </button>
      )}
    </div>
  );
}
