import { describe, expect, it } from 'vitest';
import { readNarration, type NarrationReading } from './narration';

type Case = [why: string, narration: string, direction: 'credit' | 'debit', expected: NarrationReading];

const read = (channel: NarrationReading['channel'], reference: string | null, payerName: string | null, reversal = false): NarrationReading => ({
  channel,
  reference,
  payerName,
  reversal,
});

// Shaped like the banks' exports; the names and numbers are made up.
const UPI: Case[] = [
  [
    'SBI credit behind BY TRANSFER',
    'BY TRANSFER-UPI/CR/412345678901/RAVI KUMAR/HDFC/ravi@okhdfcbank/PAYMENT--',
    'credit',
    read('UPI', '412345678901', 'Ravi Kumar'),
  ],
  [
    'SBI debit behind TO TRANSFER',
    'TO TRANSFER-UPI/DR/412345678902/ANITA SHARMA/ICIC/anita.s@okicici/RENT--',
    'debit',
    read('UPI', '412345678902', 'Anita Sharma'),
  ],
  ['SBI debit with only a VPA', 'TO TRANSFER-UPI/DR/412345678903/ravi@okhdfcbank', 'debit', read('UPI', '412345678903', null)],
  ['BoB credit, no wrapper', 'UPI/CR/412345678904/PRIYA NAIR/YESB/priya99@ybl/GIFT', 'credit', read('UPI', '412345678904', 'Priya Nair')],
  ['a bank code where the name would be', 'UPI/CR/412345678905/HDFC/PAYMENT', 'credit', read('UPI', '412345678905', null)],
  ['Axis P2A', 'UPI/P2A/412345678906/RAVI KUMAR/HDFC BANK/UPI', 'credit', read('UPI', '412345678906', 'Ravi Kumar')],
  ['Axis P2M to a merchant', 'UPI/P2M/412345678907/ACME TRADERS/AXIS BANK/Pay', 'debit', read('UPI', '412345678907', 'Acme Traders')],
  [
    'ICICI: the remark leads in to the payer',
    'UPI/412345678908/Payment from Ravi/ravi@okhdfcbank/HDFC BANK LTD/ICI4b1c2d3e4f5',
    'credit',
    read('UPI', '412345678908', 'Ravi'),
  ],
  ['ICICI: a remark is not a name', 'UPI/412345678909/Rent July/anita.s@oksbi/State Bank Of India/', 'credit', read('UPI', '412345678909', null)],
  ['ICICI: PhonePe default remark cut short', 'UPI/412345678910/Payment from Ph/9876543210@ybl/YES BANK/', 'credit', read('UPI', '412345678910', null)],
  [
    'ICICI: twelve digits in the remark are not the RRN',
    'UPI/412345678926/ORDER 998877665544/ravi@okhdfcbank/HDFC BANK LTD/',
    'credit',
    read('UPI', '412345678926', null),
  ],
  ['IDBI: one field after the RRN could be either', 'UPI/412345678911/PRABHU M', 'credit', read('UPI', '412345678911', null)],
  ['Kotak with the bank code', 'UPI/MEERA IYER/BARB/412345678912/Sent using Paytm', 'credit', read('UPI', '412345678912', 'Meera Iyer')],
  ['Kotak without the bank code', 'UPI/OMPRAKASH HARIS/412345678913/Early Jan spend', 'debit', read('UPI', '412345678913', 'Omprakash Haris')],
  ['HDFC hyphen form', 'UPI-RAVI KUMAR-RAVI@OKICICI-ICIC0001234-412345678914-PAYMENT', 'credit', read('UPI', '412345678914', 'Ravi Kumar')],
  ['HDFC with a hyphen inside the VPA', 'UPI-KAVITA RAO-kavita-1@paytm-PYTM0123456-412345678915-UPI', 'credit', read('UPI', '412345678915', 'Kavita Rao')],
  [
    'HDFC debit to a merchant',
    'UPI-ACME TRADERS-acmetraders@okhdfcbank-HDFC0000240-412345678916-INVOICE 41',
    'debit',
    read('UPI', '412345678916', 'Acme Traders'),
  ],
  ['HDFC cut off before the RRN', 'UPI-JIOMARTGROCERY-PAYTM-JIOMARTGROCERY@', 'debit', read('UPI', null, null)],
  ['Union Bank UPIAR', 'UPIAR/435932534940/CR/KUMAR T /SBIN/ 9739696759@axl', 'credit', read('UPI', '435932534940', 'Kumar T')],
  ['hyphen form with the RRN first', 'UPI-412345678917-RAMESH KUMAR-KKBK', 'credit', read('UPI', '412345678917', 'Ramesh Kumar')],
  [
    'a narration split over two rows joins with a space inside the RRN',
    'UPI/CR/4123456 78918/RAVI KUMAR/HDFC/ravi@okhdfcbank/',
    'credit',
    read('UPI', '412345678918', 'Ravi Kumar'),
  ],
  ['lower case and extra spaces', '  upi / cr / 412345678919 / sunil   mehta / sbin / sunil@oksbi ', 'credit', read('UPI', '412345678919', 'Sunil Mehta')],
];

const REVERSALS: Case[] = [
  ['HDFC REV-UPI carries the desk account (14 digits), not an RRN', 'REV-UPI-50100447981632-SEBU9495-3@OKICIC', 'credit', read('UPI', null, null, true)],
  ['UPI/REV/ (IDFC)', 'UPI/REV/412345678920/ROHIN DAS/rohin@okaxis/Pay req', 'credit', read('UPI', '412345678920', 'Rohin Das', true)],
  ['UPI/REV/ with a remark where the name would be', 'UPI/REV/412345678921/REVERSAL', 'credit', read('UPI', '412345678921', null, true)],
  ['Kotak REV-UPI/', 'REV-UPI/MEERA IYER/412345678922/COMPLAIN', 'credit', read('UPI', '412345678922', 'Meera Iyer', true)],
  [
    'a customer payment taken back: credit narration on a debit line',
    'BY TRANSFER-UPI/CR/412345678923/RAVI KUMAR/HDFC/ravi@okhdfcbank/',
    'debit',
    read('UPI', '412345678923', 'Ravi Kumar', true),
  ],
  [
    'a failed payout coming back: UPI/DR on a credit line',
    'UPI/DR/412345678924/ANITA SHARMA/ICIC/anita.s@okicici/',
    'credit',
    read('UPI', '412345678924', 'Anita Sharma', true),
  ],
  ['IMPS reversal prefix', 'REV-IMPS-412345678925-RAVI KUMAR-HDFC-XXXXXXXX1234-', 'credit', read('IMPS', '412345678925', 'Ravi Kumar', true)],
  ['NEFT return', 'NEFT RETURN-HDFCN52026112712345678-ACME TRADERS-ACCOUNT CLOSED', 'credit', read('NEFT', 'HDFCN52026112712345678', 'Acme Traders', true)],
];

const IMPS: Case[] = [
  ['SBI IMPS P2A', 'BY TRANSFER-IMPS/P2A/412345678930/RAVIKUMAR/HDFC/PAYMENT', 'credit', read('IMPS', '412345678930', 'Ravikumar')],
  ['BoB IMPS P2P debit', 'IMPS/P2P/412345678931/ANITA SHARMA/ICIC/LOAN RET', 'debit', read('IMPS', '412345678931', 'Anita Sharma')],
  ['ICICI MMT: remark, then the name', 'MMT/IMPS/412345678932/INVOICE 12/RAVI KUMAR/HDFC', 'credit', read('IMPS', '412345678932', 'Ravi Kumar')],
  ['ICICI MMT with an empty remark', 'MMT/IMPS/412345678933//MOHAN DAS/UTIB', 'credit', read('IMPS', '412345678933', 'Mohan Das')],
  ['ICICI MMT with only a remark and the bank', 'MMT/IMPS/412345678934/A M ASSOCI/HDFC Bank', 'credit', read('IMPS', '412345678934', null)],
  ['HDFC IMPS hyphen form', 'IMPS-412345678935-RAVI KUMAR-HDFC-XXXXXXXX1234-RENT', 'credit', read('IMPS', '412345678935', 'Ravi Kumar')],
  ['Kotak Recd:IMPS', 'Recd:IMPS/412345678936/SREEJITH K/KKBK/X9365/IMPS', 'credit', read('IMPS', '412345678936', 'Sreejith K')],
  ['IMPS with a masked account where the name would be', 'IMPS-412345678937-XXXXXXXX1234-HDFC', 'credit', read('IMPS', '412345678937', null)],
];

const NEFT_AND_RTGS: Case[] = [
  ['UTR first, then the name', 'NEFT-HDFCN52026112712345678-RAVI KUMAR-SALARY NOV', 'credit', read('NEFT', 'HDFCN52026112712345678', 'Ravi Kumar')],
  ['IFSC, name, then the UTR', 'NEFT/SBIN0001234/RAVI KUMAR/SBINN52026112712345678', 'credit', read('NEFT', 'SBINN52026112712345678', 'Ravi Kumar')],
  ['SBI star form', 'BY TRANSFER-NEFT*HDFC0000123*N123261234567*RAVI KUMAR*', 'credit', read('NEFT', 'N123261234567', 'Ravi Kumar')],
  [
    'HDFC NEFT CR with the UTR last',
    'NEFT CR-YESB0000001-ACME TRADERS PVT LTD-DESK PAYMENT-YESBN12345678901',
    'credit',
    read('NEFT', 'YESBN12345678901', 'Acme Traders Pvt Ltd'),
  ],
  [
    'HDFC NEFT DR to a payee',
    'NEFT DR-SBIN0001234-ANITA SHARMA-NETBANK MUM-HDFCN52026112800000042',
    'debit',
    read('NEFT', 'HDFCN52026112800000042', 'Anita Sharma'),
  ],
  ['ICICI NEFT without a UTR', 'NEFT-SBIN0000001-PRIYA NAIR-SALARY', 'credit', read('NEFT', null, 'Priya Nair')],
  ['an IFSC is not a UTR', 'NEFT-HDFC0000123-ACME PVT LTD', 'credit', read('NEFT', null, 'Acme Pvt Ltd')],
  ['an account number in a NEFT line is not a UTR', 'NEFT-SBIN0001234-RAVI KUMAR-123456789012', 'credit', read('NEFT', null, 'Ravi Kumar')],
  ['two UTR-shaped fields: neither is taken', 'NEFT-HDFCN52026112712345678-RAVI KUMAR-SBINN52026112712345679', 'credit', read('NEFT', null, 'Ravi Kumar')],
  ['ICICI INF/NEFT with a cut IFSC', 'INF/NEFT/IN42615451081832/SBIN0003/AZAD KHAN/AZADSALARY', 'credit', read('NEFT', 'IN42615451081832', 'Azad Khan')],
  ['RTGS', 'RTGS-HDFCR52026112712345678-ACME TRADERS-INV 2211', 'credit', read('RTGS', 'HDFCR52026112712345678', 'Acme Traders')],
  [
    'RTGS, IFSC before the name',
    'RTGS/SBINR52026112700012345/ICIC0001234/SHREE ENTERPRISES',
    'credit',
    read('RTGS', 'SBINR52026112700012345', 'Shree Enterprises'),
  ],
];

const OTHERS: Case[] = [
  ['cash deposit with a number that is not an RRN', 'CASH DEP 123456789012 KORAMANGALA', 'credit', read('CASH', null, null)],
  ['by cash', 'BY CASH-RAVI KUMAR', 'credit', read('CASH', null, null)],
  ['HDFC ATM withdrawal', 'ATW-412345XXXXXX7890-S1ACWD01-MUMBAI', 'debit', read('CASH', null, null)],
  ['cheque deposit', 'CHQ DEP-000123-RAVI KUMAR', 'credit', read('CHEQUE', null, null)],
  ['clearing', 'CLG/510811/011125/Bank Of Ba/AKASH', 'debit', read('CHEQUE', null, null)],
  ['a transfer by account number only', 'TRANSFER FROM 123456789012 RAVI KUMAR', 'credit', read(null, null, null)],
  ['bank charges', 'SMS CHARGES FOR NOV 2026', 'debit', read(null, null, null)],
  ['ICICI internal transfer is none of the channels', 'INF/INFT/012345678901/Amit payment/AMIT', 'credit', read(null, null, null)],
  ['a channel named mid-narration gives no reference', 'TO TRANSFER-INB NEFT UTR NO: SBIN226123456789', 'debit', read('NEFT', null, null)],
  ['thirteen digits are not an RRN', 'UPI/DR/4123456789012/RAMESH KUMAR/HDFC', 'debit', read('UPI', null, null)],
  ['empty', '', 'credit', read(null, null, null)],
  ['separators only', '///---', 'credit', read(null, null, null)],
];

describe('reading the payment from a narration', () => {
  describe.each([
    ['UPI', UPI],
    ['reversals', REVERSALS],
    ['IMPS', IMPS],
    ['NEFT and RTGS', NEFT_AND_RTGS],
    ['cash, cheques and the rest', OTHERS],
  ])('%s', (_, cases) => {
    it.each(cases)('%s: %s', (_why, narration, direction, expected) => {
      expect(readNarration(narration, direction)).toEqual(expected);
    });
  });

  it('holds at least forty narrations across the channels', () => {
    expect(UPI.length + REVERSALS.length + IMPS.length + NEFT_AND_RTGS.length + OTHERS.length).toBeGreaterThanOrEqual(40);
  });
});
