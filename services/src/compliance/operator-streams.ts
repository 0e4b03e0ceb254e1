import { DESK_CHANGE_STREAM_PREFIX } from '@desk/machines/desk-changes/desk-change.events';
import type { AdminScope } from '../identity/admin-scope';

/**
 * Streams a brand's compliance officer does not read, though their events carry the brand's id:
 * the changes to the desk's rules are the operator's (decision 0030; a brand's officer is refused
 * at /api/compliance/changes), and their data names the operator's staff. The review (F10) found
 * them in a brand officer's event searches; the operator's officers read them all.
 */
export function hiddenStreamsFor(reader: AdminScope): string[] {
  return reader.kind === 'all_brands' ? [] : [DESK_CHANGE_STREAM_PREFIX];
}
