/** A proof file as the order calls return it: its name, a short-lived signed link and its size in bytes. */
export interface Attachment {
  name: string;
  url: string;
  size: number;
}

/** A proof file's own path: the signed query after it changes with every fetch, the file does not. */
export const attachmentKey = (a: Pick<Attachment, 'url'>) => a.url.split('?')[0];

/** Proof files open on short-lived signed links, so they are fetched fresh with the order. */
export function AttachmentList({ attachments }: { attachments: readonly Attachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <section aria-labelledby="attachments-title">
      <h2 id="attachments-title">Attachments</h2>
      <ul className="attachments">
        {attachments.map((a, i) => (
          <li key={attachmentKey(a)}>
            <a href={a.url} target="_blank" rel="noreferrer">
              {a.name || `Attachment ${i + 1}`}
            </a>{' '}
            <span className="muted">({Math.max(1, Math.round(a.size / 1024))} KB)</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
