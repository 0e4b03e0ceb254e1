import type { ExportLink } from '../compliance-api';
import { formatInstant } from '../ui/as-of';
import { Detail } from '../../../components/detail';

/** The made export: its download link (signed, no token needed, for ten minutes) and what it holds. */
export function ExportResult({ link }: { link: ExportLink }) {
  return (
    <div className="export-result" role="status">
      <p>
        <a className="btn" href={link.url} download>
          Download export
        </a>
      </p>
      <dl className="details">
        <Detail label="Events">{link.eventCount}</Detail>
        <Detail label="Streams">{link.streamCount}</Detail>
        <Detail label="Link expires at">
          <time dateTime={link.expiresAt}>{formatInstant(link.expiresAt)}</time>
        </Detail>
      </dl>
    </div>
  );
}
