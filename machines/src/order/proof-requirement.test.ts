import { describe, expect, it } from 'vitest';
import { isProof, MAX_PROOFS_PER_ORDER, PROOF_REQUIRED, proofProblem, REFERENCE_REQUIRED, referenceField, takesAnotherProof } from './proof-requirement';

describe('what proof an order needs', () => {
  it('takes a reference alone, or a file with its reference', () => {
    expect(proofProblem({ hasFile: false, reference: 'UTR1' })).toBeNull();
    expect(proofProblem({ hasFile: true, reference: ' UTR1 ' })).toBeNull();
  });

  it('refuses nothing at all, and a file without the reference it pays', () => {
    for (const reference of [null, undefined, '', '   ']) {
      expect(isProof({ hasFile: false, reference })).toBe(false);
      expect(proofProblem({ hasFile: false, reference })).toEqual({ input: 'file', message: PROOF_REQUIRED });
      expect(proofProblem({ hasFile: true, reference })).toEqual({ input: 'reference', message: REFERENCE_REQUIRED });
    }
  });

  it('takes ten proofs and no more, and names the reference by the order type', () => {
    expect(takesAnotherProof(MAX_PROOFS_PER_ORDER - 1)).toBe(true);
    expect(takesAnotherProof(MAX_PROOFS_PER_ORDER)).toBe(false);
    expect(referenceField('fiat_to_crypto')).toBe('bankReference');
    expect(referenceField('crypto_to_fiat')).toBe('cryptoReference');
  });
});
