import { useId, useRef, useState } from 'react';
import { useToast } from '../../../components/toasts';
import { IMAGE_ACCEPT, imageProblem, readAsDataUrl } from './image-file';
import type { WalletDraft } from './wallet-draft';

interface QrSourceFieldsProps {
  draft: WalletDraft;
  onChange: (patch: Partial<WalletDraft>) => void;
}

/** Optional QR image for the wallet, read into the form as a data URL; the server checks it pays the wallet's address. */
export function QrSourceFields({ draft, onChange }: QrSourceFieldsProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const toast = useToast();

  const pick = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const found = imageProblem(file);
    setProblem(found);
    if (found) return;
    try {
      onChange({ qrFile: { name: file.name, dataUrl: await readAsDataUrl(file) } });
      toast('QR Code uploaded successfully!');
    } catch {
      setProblem('Failed to upload QR Code');
    }
  };

  return (
    <>
      <div className="field">
        <label htmlFor={id}>QR code image (optional)</label>
        <input ref={input} id={id} type="file" accept={IMAGE_ACCEPT} onChange={(e) => void pick(e.target.files?.[0])} aria-describedby={`${id}-hint`} />
        <span id={`${id}-hint`} className="hint">
          A PNG or JPEG of this address's QR code, under 2 MB: the desk reads it and refuses one that pays another address. Leave it empty to have one drawn
          from the address
        </span>
        {problem && (
          <span role="alert" className="error">
            {problem}
          </span>
        )}
        {draft.qrFile && (
          <div className="admin-logo-field">
            <span className="muted">{draft.qrFile.name}</span>
            <button type="button" className="btn secondary small" onClick={() => onChange({ qrFile: null })}>
              Remove QR image
            </button>
          </div>
        )}
      </div>
    </>
  );
}
