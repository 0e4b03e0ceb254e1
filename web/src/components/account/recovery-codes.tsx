import { useId, useState } from 'react';
import { CopyButton } from '../copy-button';

/**
 * The ten recovery codes, shown once (decision 0029): copy, download, and "I have saved them"
 * before going on, since the server keeps only their hashes.
 */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel = 'Continue',
  level = 2,
}: {
  codes: readonly string[];
  onDone: () => void;
  doneLabel?: string;
  /** The heading's level where it is shown. */
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const [saved, setSaved] = useState(false);
  const checkId = useId();
  const text = codes.join('\n');
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([`Recovery codes (each works once)\n\n${text}\n`], { type: 'text/plain' }));
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <section className="recovery-codes" aria-labelledby={`${checkId}-title`}>
      <Heading id={`${checkId}-title`}>Save your recovery codes</Heading>
      <p>If you lose your phone, each of these codes signs you in once instead of a code from the app. They are shown only now: keep them somewhere safe.</p>
      <ul className="code-list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="button-row">
        <CopyButton text={text} label="Copy codes" done="Recovery codes copied" />
        <button type="button" className="btn secondary small" onClick={download}>
          Download
        </button>
      </div>
      <div className="check-row">
        <input id={checkId} type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} />
        <label htmlFor={checkId}>I have saved them</label>
      </div>
      <button type="button" className="btn" disabled={!saved} onClick={onDone}>
        {doneLabel}
      </button>
    </section>
  );
}
