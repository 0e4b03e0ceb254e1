import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import './toasts.css';

/** Toasts at the top right (seed-spec section 2), gone after 3500 ms (section 9); where they go while a dialog is open: toasts.css. */
export const TOAST_MS = 3500;

type Kind = 'success' | 'error' | 'info';
interface Toast {
  id: number;
  kind: Kind;
  text: string;
}

const ToastContext = createContext<((text: string, kind?: Kind) => void) | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const show = useCallback((text: string, kind: Kind = 'success') => {
    const id = next.current++;
    setToasts((all) => [...all, { id, kind, text }]);
    setTimeout(() => setToasts((all) => all.filter((t) => t.id !== id)), TOAST_MS);
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div aria-live="polite" className="toasts">
        {toasts.map((t) => (
          <div
            key={t.id}
            role={t.kind === 'error' ? 'alert' : 'status'}
            className="card toast"
            style={{ borderLeftColor: `var(--${t.kind === 'error' ? 'danger' : t.kind === 'success' ? 'success' : 'brand'})` }}
          >
            {t.text}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** `const toast = useToast(); toast('Order created successfully')` or `toast(message, 'error')`. */
export function useToast(): (text: string, kind?: Kind) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider');
  return show;
}
