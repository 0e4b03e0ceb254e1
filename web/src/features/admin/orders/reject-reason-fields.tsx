import { useState } from 'react';
import { REASON_CODES, REASON_LABELS, type ReasonCode } from '@desk/machines/order/order-reasons';
import { Field } from '../../../components/field';

export interface RejectReason {
  reasonCode: ReasonCode;
  note?: string;
}

/** A customer's own request is a cancel, not a reject: the desk picks among the others. */
const DESK_CODES = REASON_CODES.filter((code) => code !== 'customer_request');

/**
 * Why an order is rejected: a code (the customer reads a plain sentence for it) and a note for the
 * desk only. Returns the fields and the reason they hold.
 */
export function useRejectReason(): { reason: RejectReason; fields: React.ReactNode } {
  const [reasonCode, setReasonCode] = useState<ReasonCode>('other');
  const [note, setNote] = useState('');
  const trimmed = note.trim();
  const fields = (
    <>
      <Field label="Reason">
        <select value={reasonCode} onChange={(e) => setReasonCode(e.target.value as ReasonCode)}>
          {DESK_CODES.map((code) => (
            <option key={code} value={code}>
              {REASON_LABELS[code]}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Note for the desk (optional)" hint="Never shown to the customer">
        <textarea value={note} maxLength={500} rows={2} onChange={(e) => setNote(e.target.value)} />
      </Field>
    </>
  );
  return { reason: trimmed ? { reasonCode, note: trimmed } : { reasonCode }, fields };
}
