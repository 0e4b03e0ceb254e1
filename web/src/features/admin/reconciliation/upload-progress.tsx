import type { UploadState } from './use-statement-upload';

/**
 * The upload's progress while it runs: the share of the file sent, then (the file all sent, the
 * server reading it) a bar with no end and "Reading and recording lines…", until the answer.
 */
export function UploadProgress({ state }: { state: UploadState }) {
  if (state.phase !== 'sending' && state.phase !== 'reading') return null;
  const sending = state.phase === 'sending';
  const words = sending ? `Uploading the statement: ${state.percent}%` : 'Reading and recording lines…';
  return (
    <div className="upload-progress">
      {sending ? <progress max={100} value={state.percent} aria-label="Upload" /> : <progress aria-label="Reading the statement" />}
      <p role="status">{words}</p>
    </div>
  );
}
