import { describe, expect, it } from 'vitest';
import { staffIdsIn, withholdStaffIds } from './event-actors';

describe("staff named in event data, withheld from a brand's readers", () => {
  const operatorAdmin = '7f0c6a56-0c7e-4a4e-9d0b-3f3b5d1d2a10';
  const brandAdmin = '2b9b8f0e-62d4-4f7c-a0b5-7f8d5a7c1e22';
  const hidden = (id: string) => id === operatorAdmin;

  it('finds and withholds who imported a statement and saved its layout, as it does who asked and approved', () => {
    const imported = { statementId: 's-1', importedBy: operatorAdmin, lineCount: 3 };
    const saved = { mapping: { headerRow: 'auto' }, savedBy: operatorAdmin };
    const approved = { requestId: 'r-1', requestedBy: brandAdmin, approvedBy: operatorAdmin };
    expect([imported, saved, approved].flatMap(staffIdsIn)).toEqual([operatorAdmin, operatorAdmin, brandAdmin, operatorAdmin]);
    expect(withholdStaffIds(imported, hidden)).toEqual({ statementId: 's-1', importedBy: null, lineCount: 3 });
    expect(withholdStaffIds(saved, hidden)).toEqual({ mapping: { headerRow: 'auto' }, savedBy: null });
    expect(withholdStaffIds(approved, hidden)).toEqual({ requestId: 'r-1', requestedBy: brandAdmin, approvedBy: null });
  });
});
