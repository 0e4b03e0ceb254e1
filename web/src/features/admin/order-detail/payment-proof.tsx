import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { attachmentKey } from '../../../components/attachment-list';
import type { AdminOrder } from '../admin-api';
import { InfoCard } from './info-card';

type Attachment = AdminOrder['attachments'][number];

const isImage = (a: Attachment) => a.contentType.startsWith('image/');

/** Images as thumbnails that open full size; anything else (PDFs) as links, which the browser opens itself. */
export function PaymentProof({ attachments }: { attachments: readonly Attachment[] }) {
  const [viewing, setViewing] = useState<{ attachment: Attachment; label: string } | null>(null);
  return (
    <InfoCard title="Payment Proof">
      {attachments.length === 0 ? (
        <p className="muted">No payment proof uploaded</p>
      ) : (
        <ul className="proof-thumbs">
          {attachments.map((a, i) => {
            const label = a.name || `Payment proof ${i + 1}`;
            return (
              <li key={attachmentKey(a)}>
                {isImage(a) ? (
                  <button type="button" className="proof-thumb" aria-label={`View ${label}`} onClick={() => setViewing({ attachment: a, label })}>
                    <img src={a.url} alt="" loading="lazy" />
                  </button>
                ) : (
                  <a className="proof-file" href={a.url} target="_blank" rel="noreferrer">
                    {label}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {viewing && (
        <Modal title={viewing.label} size="large" onClose={() => setViewing(null)}>
          <img className="proof-full" src={viewing.attachment.url} alt={viewing.label} />
          <p>
            <a href={viewing.attachment.url} target="_blank" rel="noreferrer">
              Open in a new tab
            </a>
          </p>
        </Modal>
      )}
    </InfoCard>
  );
}
