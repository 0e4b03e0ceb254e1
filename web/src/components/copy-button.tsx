import { useToast } from './toasts';

interface CopyButtonProps {
  text: string;
  /** The toast after a successful copy. */
  done?: string;
  label?: string;
  /** Names what is copied for screen readers when the visible label is just "Copy". */
  what?: string;
}

export function CopyButton({ text, done = 'Copied to clipboard', label = 'Copy', what }: CopyButtonProps) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast(done);
    } catch {
      toast('Failed to copy', 'error');
    }
  };
  return (
    <button type="button" className="btn secondary small" onClick={copy} aria-label={what ? `${label} ${what}` : undefined}>
      {label}
    </button>
  );
}
