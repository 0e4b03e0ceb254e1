import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons under the body (Cancel, Save...). */
  footer?: ReactNode;
  /** For a dialog that only tells: the words of its one button under the body, which closes it (instead of `footer`). */
  doneLabel?: string;
  size?: 'small' | 'large';
  /** The close button's name, in the page's language. */
  closeLabel?: string;
}

/**
 * A modal dialog: labelled by its title, focus moved inside on open and given back on close,
 * Tab kept inside, Escape and the backdrop close it. Nested dialogs work because Escape is handled
 * by the innermost dialog first and stops there.
 */
export function Modal({ title, onClose, children, footer, doneLabel, size, closeLabel = 'Close' }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    // The first field or button of the body, so typing can start at once; else the dialog itself.
    const first = dialog.current?.querySelector<HTMLElement>(`.modal-body :is(${FOCUSABLE})`);
    (first ?? dialog.current)?.focus();
    return () => opener?.focus?.();
  }, []);

  const foot =
    footer ??
    (doneLabel && (
      <button type="button" className="btn" onClick={() => close.current()}>
        {doneLabel}
      </button>
    ));

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close.current();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const [first, last] = [items[0], items[items.length - 1]];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    // A click on the backdrop is a pointer shortcut for closing; keyboard users have Escape and the Close button, both inside the dialog.
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && close.current()}>
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`modal card${size ? ` ${size}` : ''}`}
        onKeyDown={onKeyDown}
      >
        <div className="modal-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="btn link modal-close" aria-label={closeLabel} onClick={() => close.current()}>
            ×
          </button>
        </div>
        <div className="modal-body">{children}</div>
        {foot && <div className="modal-foot row">{foot}</div>}
      </div>
    </div>,
    document.body,
  );
}
