import { useEffect, useState } from 'react';

/** A short-lived link to show a picked file before it is uploaded; released when the file changes. */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const link = URL.createObjectURL(file);
    setUrl(link);
    return () => URL.revokeObjectURL(link);
  }, [file]);
  return url;
}
