import type { TextKey } from '../../../i18n/use-t';
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { proofProblem } from '@desk/machines/order/proof-requirement';
import { MAX_PROOF_BYTES, PROOF_TOO_LARGE, PROOF_TYPES } from '@desk/machines/files/file-limits';
import { customerApi, type Order, type ProofRequest } from '../customer-api';
import { keys } from '../customer-queries';
import { isBuyOrder } from '../../../lib/order-format';

/** The server's limits for a proof file (seed-spec section 9), checked here first to save the upload. */
export function proofFileProblem(file: File): string | null {
  if (file.size > MAX_PROOF_BYTES) return PROOF_TOO_LARGE;
  if (!(PROOF_TYPES as readonly string[]).includes(file.type)) return 'Only images (PNG, JPEG, GIF, WebP) and PDF files are accepted';
  return null;
}

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * Sends proof of payment: the file as a data URL and the reference under the name the order type
 * uses (a buyer's bank UTR, a seller's crypto transaction).
 */
export function useUploadProof(order: Pick<Order, '_id' | 'type'>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, reference }: { file: File | null; reference: string }) => {
      const body: ProofRequest = {};
      if (file) body.dataUrl = await readAsDataUrl(file);
      const text = reference.trim();
      if (text) body[isBuyOrder(order) ? 'bankReference' : 'cryptoReference'] = text;
      return customerApi.uploadProof(order._id, body);
    },
    onSuccess: async ({ order: updated }) => {
      client.setQueryData(keys.order(updated._id), updated);
      // Only the list: the answer already is the order as it now stands.
      await client.invalidateQueries({ queryKey: keys.orders, exact: true });
    },
  });
}

export const referenceLabel = (order: Pick<Order, 'type'>): TextKey => (isBuyOrder(order) ? 'customer.proof.utr' : 'customer.proof.hash');

/**
 * What a proof form holds: the reference, the picked file and what is wrong with each (the file
 * checked on pick, the reference on submit and again as it is typed once it was refused).
 */
export function useProofDraft() {
  const [reference, setReferenceText] = useState('');
  const [referenceError, setReferenceError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const pickFile = (picked: File | null) => {
    setFile(picked);
    setFileError(picked ? proofFileProblem(picked) : null);
  };
  const setReference = (text: string) => {
    setReferenceText(text);
    if (referenceError && text.trim()) setReferenceError(null);
  };
  /**
   * A file goes with its reference (the server's rule; the detail page asks for both whatever is
   * picked): true when the reference may be sent.
   */
  const checkReference = (required = file !== null) => {
    // Only the reference's own problem is shown here; a submission with nothing is never sent.
    const problem = proofProblem({ hasFile: required, reference });
    const missing = problem?.input === 'reference' ? problem.message : null;
    setReferenceError(missing);
    return missing === null;
  };
  const clear = () => {
    setReferenceText('');
    setReferenceError(null);
    setFile(null);
    setFileError(null);
  };
  return { reference, setReference, referenceError, checkReference, file, fileError, setFileError, pickFile, clear };
}
