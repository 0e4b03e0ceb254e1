import { CopyButton } from '../../../components/copy-button';

/** Confirms the new order and keeps its reference at hand (customers quote it when they pay). */
export function OrderCreatedBanner({ refCode, onDismiss }: { refCode: string; onDismiss: () => void }) {
  return (
    <div className="banner success" role="status">
      <span>
        Order created successfully. Reference: <strong>{refCode}</strong>
      </span>
      <div className="row">
        <CopyButton text={refCode} done="Reference copied to clipboard" what="reference" />
        <button type="button" className="btn secondary small" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </div>
  );
}
