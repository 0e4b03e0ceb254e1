import { describe, expect, it } from 'vitest';
import { at, cancelled, placed, proof, rejected, verified } from './order.fixtures';
import {
  ORDER_STATUS_LABELS,
  OrderTransitionError,
  canApply,
  emptyOrder,
  evolveOrder,
  explainRefusal,
  foldOrder,
  isOpenStatus,
  orderView,
  statusLabel,
} from './order-state';

describe('foldOrder', () => {
  it('throws on a stored history the lifecycle does not allow', () => {
    expect(() => foldOrder([placed(), cancelled(), proof()])).toThrow(
      'event 3 (ProofSubmitted) was refused: Proof can only be added while the order is pending; it is cancelled',
    );
    expect(() => foldOrder([verified()])).toThrow(OrderTransitionError);
    expect(() => foldOrder([placed(), placed()])).toThrow(/event 2 \(OrderPlaced\)/);
  });

  it('gives the same state for the same events and leaves the events untouched', () => {
    const events = [placed(), proof({ submittedAt: at(2) }), verified()];
    const before = structuredClone(events);
    expect(orderView(foldOrder(events))).toEqual(orderView(foldOrder(events)));
    expect(events).toEqual(before);
  });

  it('shows nothing before placement', () => {
    expect(orderView(foldOrder([]))).toBeNull();
    expect(orderView(emptyOrder())).toBeNull();
  });
});

describe('orderView', () => {
  it('is frozen and detached from the machine state', () => {
    const snapshot = foldOrder([placed(), proof({ attachment: { fileId: 'f', name: 'f.png', contentType: 'image/png', size: 1 } })]);
    const view = orderView(snapshot);
    expect(view?.status).toBe('pending');
    expect(() => Object.assign(view as object, { status: 'completed' })).toThrow(TypeError);
    expect(() => (view!.attachments as unknown as unknown[]).push({})).toThrow(TypeError);
    expect(() => Object.assign(view?.rateSource as object, { rateKey: 'x' })).toThrow(TypeError);
    expect(snapshot.context.attachments).toHaveLength(1);
  });
});

describe('evolveOrder, canApply and explainRefusal', () => {
  it('applies allowed events and throws the refusal on others', () => {
    const pending = foldOrder([placed({ refCode: 'ORD-EVO001' })]);
    expect(canApply(pending, rejected())).toBe(true);
    const done = evolveOrder(pending, rejected());
    expect(orderView(done)?.status).toBe('rejected');
    expect(canApply(done, cancelled())).toBe(false);
    try {
      evolveOrder(done, cancelled());
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(OrderTransitionError);
      expect((error as OrderTransitionError).refusal).toEqual({
        code: 'invalid_transition',
        currentStatus: 'rejected',
        message: 'Order ORD-EVO001 is rejected; it cannot be cancelled',
      });
    }
  });

  it('will not explain an event that is allowed', () => {
    expect(() => explainRefusal(foldOrder([placed()]), rejected())).toThrow(/is allowed/);
  });
});

describe('status labels', () => {
  it('labels every status as the spec does and shows unknown ones raw', () => {
    const statuses = ['pending', 'approved', 'fiat_received', 'crypto_sent', 'completed', 'rejected', 'cancelled', 'expired'];
    expect(Object.keys(ORDER_STATUS_LABELS).sort()).toEqual([...statuses].sort());
    expect(statuses.map(statusLabel)).toEqual(['Pending', 'Approved', 'Payment Received', 'Processing', 'Completed', 'Rejected', 'Cancelled', 'Expired']);
    expect(statusLabel('fiat_received')).toBe('Payment Received');
    expect(statusLabel('crypto-sent')).toBe('Processing');
    expect(statusLabel('on_hold')).toBe('on_hold');
    expect(statusLabel('toString')).toBe('toString');
  });

  it('counts the not-yet-finished statuses as open', () => {
    const open = ['pending', 'fiat_received', 'approved', 'crypto_sent', 'crypto-sent'];
    const closed = ['completed', 'rejected', 'cancelled', 'expired', 'unknown', 'constructor'];
    expect(open.filter(isOpenStatus)).toEqual(open);
    expect(closed.filter(isOpenStatus)).toEqual([]);
  });
});
