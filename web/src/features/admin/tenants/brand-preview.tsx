import type { CSSProperties } from 'react';
import type { DerivedTheme } from '../../../theme/brand-theme';
import './brand-preview.css';

interface BrandPreviewProps {
  /** The theme the brand's pages will use (theme/brand-theme.ts). */
  derived: DerivedTheme;
  /** The plain warning when the colour had to be adjusted to read, or null. */
  warning: string | null;
  /** The warning's id, so the colour field can point screen readers at it. */
  warningId: string;
}

/**
 * How the brand's colour will look on its pages: a button, a link, a badge and the active menu item on
 * the page's grey and a card, painted with the brand's theme, and the warning naming the colours used
 * when the chosen one had to be adjusted. The warning sits in a live region, so it is heard as it
 * appears while the colour is typed or picked.
 */
export function BrandPreview({ derived, warning, warningId }: BrandPreviewProps) {
  return (
    <div className="brand-preview-block">
      <figure className="brand-preview" style={derived.variables as CSSProperties} aria-label="Preview of the brand's colours">
        <figcaption className="hint">Preview</figcaption>
        <div className="brand-preview-page">
          <span className="brand-preview-menu-item">Dashboard</span>
          <div className="card brand-preview-card">
            <span className="btn">Buy USDT</span>
            <span className="brand-preview-link">View order</span>
            <span className="badge">New</span>
          </div>
          <span className="brand-preview-link">Forgot password?</span>
        </div>
      </figure>
      <div role="status">
        {warning && (
          <p id={warningId} className="brand-preview-warning">
            {warning}
          </p>
        )}
      </div>
    </div>
  );
}
