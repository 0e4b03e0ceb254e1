import { CopyButton } from './copy-button';
import './short-value.css';

/** Up to this many characters a value fits any place whole (a UTR is 12 to 22): only longer ones are cut. */
export const WHOLE_UP_TO = 16;

/** `0x71c1…663e`: the head and tail of a long value around an ellipsis; a short value stays whole. */
export function shorten(value: string, head = 6, tail = 4): string {
  return value.length <= Math.max(WHOLE_UP_TO, head + tail + 1) ? value : `${value.slice(0, head)}…${value.slice(-tail)}`;
}

interface ShortValueProps {
  /** The whole value: an order id, a transaction hash, a UTR, an address. */
  value: string;
  /** What it is, in words ("Transaction hash"): names the copy button and the toast. */
  what: string;
  /** Characters kept at each end; the specification shows wallet addresses by their first and last 8. */
  head?: number;
  tail?: number;
  /** A copy button beside it (the default); off where a row's own Copy would be one too many. */
  copy?: boolean;
  /** The toast after a copy, where the specification words it ("Address copied to clipboard!"). */
  done?: string;
  /** The copy button's word, in the page's language ('Copy'). */
  copyLabel?: string;
}

/**
 * A long id or hash that fits its place: shortened in the middle, since both ends are what people
 * compare. The whole value is the tooltip, is what a screen reader reads (the short form is hidden
 * from it), and is what the copy button copies.
 */
export function ShortValue({ value, what, head, tail, copy = true, done, copyLabel }: ShortValueProps) {
  const short = shorten(value, head, tail);
  return (
    <span className="short-value">
      {short === value ? (
        <code>{value}</code>
      ) : (
        <code title={value}>
          <span aria-hidden="true">{short}</span>
          <span className="visually-hidden">{value}</span>
        </code>
      )}
      {copy && <CopyButton text={value} what={what} label={copyLabel} done={done ?? `${what} copied to clipboard`} />}
    </span>
  );
}
