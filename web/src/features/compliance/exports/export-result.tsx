import type { ExportLink } from '../compliance-api';
import { formatInstant } from '../ui/as-of';

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
        <div>
          <dt>Events</dt>
          <dd>{link.eventCount}</dd>
        </div>
        <div>
          <dt>Streams</dt>
          <dd>{link.streamCount}</dd>
        </div>
        <div>
          <dt>Link expires at</dt>
          <dd>
            <time dateTime={link.expiresAt}>{formatInstant(link.expiresAt)}</time>
          </dd>
        </div>
      </dl>
    </div>
  );
}
