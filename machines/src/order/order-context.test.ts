import { describe, expect, it } from 'vitest';
import { at, attachment, cancelled, completed, cryptoSent, expired, given, placed, placedSell, proof, rejected, verified, viewOf } from './order.fixtures';
import { foldOrder, orderView } from './order-state';

describe('what the order records', () => {
  it('takes the placement data, starts pending, created and updated at placement', () => {
    const order = placed({ refCode: 'ORD-NEW001', placedAt: at(0) });
    const view = viewOf(given([]).when(order));
    expect(view).toMatchObject({ ...order.data, status: 'pending', proofCount: 0, attachments: [] });
    expect(view).toMatchObject({ createdAt: at(0), updatedAt: at(0), rateLockExpiredProof: false, priceHistory: [] });
    expect(view).toMatchObject({ bankReference: null, cryptoReference: null, bankUtr: null, completedAt: null });
  });

  it('keeps a buy proof reference as the bank UTR and appends attachments', () => {
    const history = [placed(), proof({ reference: ' UTR111 ', attachment: attachment('a') })];
    const view = viewOf(given(history).when(proof({ reference: null, attachment: attachment('b'), submittedAt: at(4) })));
    expect(view).toMatchObject({ status: 'pending', proofCount: 2, bankReference: 'UTR111', customerReference: 'UTR111' });
    expect(view.cryptoReference).toBeNull();
    expect(view.attachments.map((file) => file.fileId)).toEqual(['a', 'b']);
  });

  it('keeps a sell proof reference as the crypto transaction', () => {
    const view = viewOf(given([placedSell()]).when(proof({ reference: '0xcustomer' })));
    expect(view).toMatchObject({ cryptoReference: '0xcustomer', customerReference: '0xcustomer', bankReference: null });
  });

  it('flags the order once any proof came after the rate lock', () => {
    const late = [placed(), proof({ afterRateLock: true, submittedAt: at(7) })];
    expect(viewOf(given(late).when(proof({ afterRateLock: false, submittedAt: at(8) }))).rateLockExpiredProof).toBe(true);
    expect(viewOf(given([placed()]).when(proof({ afterRateLock: false }))).rateLockExpiredProof).toBe(false);
  });

  it('records the admin crypto transaction from CryptoSent and completes a buy with it', () => {
    const shipped = [placed(), proof(), verified(at(10)), cryptoSent('0xsent', at(20))];
    const sentView = orderView(foldOrder(shipped));
    expect(sentView).toMatchObject({ status: 'crypto_sent', cryptoReference: '0xsent', verifiedAt: at(10), cryptoSentAt: at(20) });
    expect(viewOf(given(shipped).when(completed()))).toMatchObject({ status: 'completed', cryptoReference: '0xsent' });
    const corrected = viewOf(given(shipped).when(completed({ cryptoReference: '0xfinal' })));
    expect(corrected.cryptoReference).toBe('0xfinal');
  });

  it('completes a sell with the payout UTR; an admin transaction replaces the customer one', () => {
    const history = [placedSell(), proof({ reference: '0xcustomer' }), verified()];
    const view = viewOf(given(history).when(completed({ bankUtr: 'UTRPAY1', cryptoReference: '0xadmin', completedAt: at(40) })));
    expect(view).toMatchObject({ status: 'completed', bankUtr: 'UTRPAY1', cryptoReference: '0xadmin', completedAt: at(40) });
    expect(view.customerReference).toBe('0xcustomer');
  });

  it('keeps the previous price when the admin reprices at completion', () => {
    const order = placed({ rate: '88.5', fiatAmount: '1000', cryptoAmount: '11.23', feeAmount: '0.06' });
    const history = [order, proof({ afterRateLock: true, submittedAt: at(9) })];
    const previous = { rate: '88.5', fiatAmount: '1000', cryptoAmount: '11.23', feeAmount: '0.06' };
    const repriced = { rate: '90', fiatAmount: '1000', cryptoAmount: '11.05', feeAmount: '0.06', previous };
    const view = viewOf(given(history).when(completed({ cryptoReference: '0x1', repriced, completedAt: at(45) })));
    expect(view).toMatchObject({ rate: '90', fiatAmount: '1000', cryptoAmount: '11.05', feeAmount: '0.06' });
    expect(view.priceHistory).toEqual([{ ...previous, replacedAt: at(45) }]);
    const plain = viewOf(given(history).when(completed({ cryptoReference: '0x1' })));
    expect(plain).toMatchObject({ rate: '88.5', cryptoAmount: '11.23', priceHistory: [] });
  });

  it('records who ended the order and when', () => {
    expect(viewOf(given([placed()]).when(rejected('  ', at(12))))).toMatchObject({ rejectedReason: null, rejectedAt: at(12) });
    expect(viewOf(given([placed()]).when(rejected('No payment', at(12)))).rejectedReason).toBe('No payment');
    expect(viewOf(given([placed()]).when(cancelled(at(2))))).toMatchObject({ status: 'cancelled', cancelledAt: at(2) });
    expect(viewOf(given([placed()]).when(expired(at(61))))).toMatchObject({ status: 'expired', expiredAt: at(61) });
  });

  it('moves updatedAt to the time of the last event', () => {
    const events = [placed(), proof({ submittedAt: at(3) }), verified(at(11)), cryptoSent('0x1', at(21)), completed({ completedAt: at(31) })];
    const times = events.map((_, index) => orderView(foldOrder(events.slice(0, index + 1)))?.updatedAt);
    expect(times).toEqual([at(0), at(3), at(11), at(21), at(31)]);
    expect(orderView(foldOrder(events))?.createdAt).toBe(at(0));
  });
});
