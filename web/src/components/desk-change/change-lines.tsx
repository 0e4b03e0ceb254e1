import type { DeskChangeStatus, SummaryLine } from '@desk/machines/desk-changes/desk-change.events';
import { STATUS_WORDS } from './desk-change-words';
import './desk-change.css';

/**
 * The pieces of a change to the desk's rules that read the same wherever it is shown (the admin
 * desk's Pending changes, compliance's Desk changes): its status, its lines before → after, and the
 * QR codes a wallet change would show customers.
 */

export function ChangeStatusBadge({ status }: { status: DeskChangeStatus }) {
  return <span className={`badge change-${status}`}>{STATUS_WORDS[status]}</span>;
}

/** What a change does, line by line, the "before" struck through; read aloud as "Before: … After: …". */
export function ChangeLines({ lines }: { lines: readonly SummaryLine[] }) {
  return (
    <dl className="change-lines">
      {lines.map((line) => (
        <div className="change-line" key={`${line.what}:${line.before}:${line.after}`}>
          <dt>{line.what}</dt>
          <dd>
            <span className="visually-hidden">Before: </span>
            <span className="before">{line.before}</span>
          </dd>
          <dd>
            <span className="visually-hidden">After: </span>
            <span aria-hidden="true">→ </span>
            <span className="after">{line.after}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

export interface ChangeQr {
  network: string;
  address: string;
  qrCodeUrl: string;
}

/** The QR codes a wallet change would put before customers (signed links while the request waits). */
export function ChangeQrImages({ images }: { images: readonly ChangeQr[] }) {
  return (
    <div className="change-qr">
      {images.map((qr) => (
        <figure key={`${qr.network}:${qr.address}`}>
          <img src={qr.qrCodeUrl} alt={`QR code for the ${qr.network} address ${qr.address}`} />
          <figcaption>
            {qr.network} {qr.address}
          </figcaption>
        </figure>
      ))}
    </div>
  );
}
