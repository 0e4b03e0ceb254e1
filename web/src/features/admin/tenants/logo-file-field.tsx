import { useId, useRef, useState, type ReactNode } from 'react';
import { useObjectUrl } from './use-object-url';
import { IMAGE_ACCEPT, imageProblem } from './image-file';

interface LogoFileFieldProps {
  file: File | null;
  onFile: (file: File | null) => void;
  /** What shows while no new file is picked, e.g. the current logo with its own buttons. */
  children?: ReactNode;
}

/** Picks a logo image to upload with the form: preview, replace with another file, or remove it. */
export function LogoFileField({ file, onFile, children }: LogoFileFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file);
  const [problem, setProblem] = useState<string | null>(null);

  const pick = (picked: File | undefined) => {
    if (!picked) return;
    const found = imageProblem(picked);
    setProblem(found);
    if (!found) onFile(picked);
    // The same file may be picked again after a removal: the input must not hold on to it.
    if (input.current) input.current.value = '';
  };

  return (
    <div className="field">
      <label htmlFor={id}>Logo file</label>
      <input ref={input} id={id} type="file" accept={IMAGE_ACCEPT} onChange={(e) => pick(e.target.files?.[0])} aria-describedby={`${id}-hint`} />
      <span id={`${id}-hint`} className="hint">
        PNG, JPEG, GIF or WebP, under 2 MB
      </span>
      {problem && (
        <span role="alert" className="error">
          {problem}
        </span>
      )}
      {file && preview ? (
        <div className="admin-logo-field">
          <img className="admin-logo large" src={preview} alt="New logo preview" />
          <span className="muted">{file.name}</span>
          <button type="button" className="btn secondary small" onClick={() => input.current?.click()}>
            Replace logo
          </button>
          <button type="button" className="btn secondary small" onClick={() => onFile(null)}>
            Remove logo
          </button>
        </div>
      ) : (
        children
      )}
    </div>
  );
}
