import { Link } from 'react-router';
import type { DeskChange } from './changes-api';
import './changes.css';

/**
 * What a screen shows after a save that waits for a second admin (202), instead of "saved": nothing
 * changed yet, and where the request is. Announced as it appears.
 */
export function WaitingNotice({ change }: { change: Pick<DeskChange, '_id' | 'reasons'> }) {
  return (
    <div className="card waiting-notice" role="status">
      <strong>Waiting for a second admin</strong>
      <p>Nothing has changed yet: a different admin must confirm this change before it takes effect. {change.reasons[0] && `${change.reasons[0]}.`}</p>
      <Link to={`/admin/changes/${change._id}`}>See the request</Link>
    </div>
  );
}
