import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { reconciliationKeys, type ImportAnswer } from './reconciliation-api';
import { uploadStatement } from './statement-upload';
import { uploadRefusal, type UploadRefusal } from './upload-refusal';

/** Where an upload stands: sending the file (how much of it), the server reading it, then its answer. */
export type UploadState =
  | { phase: 'idle' }
  | { phase: 'sending'; percent: number }
  | { phase: 'reading' }
  | { phase: 'imported'; answer: ImportAnswer }
  | { phase: 'refused'; refusal: UploadRefusal };

/**
 * Uploads statements to one account, one at a time, and keeps where the last one stands. An
 * import refreshes the account's imports and lines and the accounts list (its period and count).
 */
export function useStatementUpload(accountId: string) {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const client = useQueryClient();
  const busy = state.phase === 'sending' || state.phase === 'reading';

  /** Sends the file; resolves to how it ended (imported or refused), which the state holds too. */
  const upload = async (file: File, mapping: string | null): Promise<UploadState> => {
    if (busy) return state;
    setState({ phase: 'sending', percent: 0 });
    try {
      const answer = await uploadStatement({
        accountId,
        file,
        mapping,
        onProgress: (progress) => setState(progress.stage === 'sending' ? { phase: 'sending', percent: progress.percent } : { phase: 'reading' }),
      });
      setState({ phase: 'imported', answer });
      await client.invalidateQueries({ queryKey: reconciliationKeys.all });
      return { phase: 'imported', answer };
    } catch (error) {
      const refused: UploadState = { phase: 'refused', refusal: uploadRefusal(error) };
      setState(refused);
      return refused;
    }
  };

  return { state, busy, upload, clear: () => setState({ phase: 'idle' }) };
}
