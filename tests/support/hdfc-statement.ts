/** An HDFC statement (CSV, as the bank exports it) of `count` lines, each one rupee in from another customer. */
export function hdfcStatement(count: number): string {
  const head = [
    '\ufeffHDFC BANK Ltd.,,,,,,',
    'M/S. ZEN DESK TRADING PVT LTD,,,,,,',
    'Account No :,50100012345678   ,,,,,',
    'A/C Open Date :,01/01/2024,,,,,',
    'Statement From :,01/04/2026,To,03/04/2026,,,',
    ',,,,,,',
    'Date     ,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
    '********,********,********,********,********,********,********',
  ];
  const lines = Array.from({ length: count }, (_, i) => {
    const ref = String(412345000000 + i);
    return `01/04/26,"UPI-CUSTOMER ${i}-C${i}@OKAXIS-HDFC0001234-${ref}-BUY",0000${ref},01/04/26,,"1.00","${(150000 + i + 1).toFixed(2)}"`;
  });
  return [...head, ...lines, ',,,,,,'].join('\n');
}
