import { describe, expect, it } from 'vitest';
import type { Injection } from './fault-injectors';
import { faultTable, percentile, recoveryTimes } from './fault-report';
import type { Acknowledged } from './workload';

const ack = (kind: Acknowledged['kind'], sentAt: number, answeredAt = sentAt + 10): Acknowledged => ({
  kind,
  key: `${kind}-${sentAt}`,
  orderId: `order-${sentAt}`,
  customerId: 'c',
  sentAt,
  answeredAt,
  attempts: 1,
  replayed: false,
});
const injection = (fault: Injection['fault'], injectedAt: number, restoredAt: number, recoveredAt: number | null = null): Injection => ({
  fault,
  injectedAt,
  restoredAt,
  recoveredAt,
  detail: '',
});

describe('the chaos report', () => {
  it('times a recovery to the first command sent after the cause was taken away, an upload for a full storage', () => {
    const acks = [ack('place', 1_000), ack('place', 1_600, 1_700), ack('upload', 1_650, 2_500), ack('place', 1_550, 1_560)];
    const [restart, full] = recoveryTimes([injection('postgres-restart', 1_000, 1_500), injection('storage-full', 1_000, 1_500)], acks);
    expect(restart!.recoveredAt).toBe(1_560);
    expect(full!.recoveredAt).toBe(2_500);
  });

  it('keeps a recovery the injector measured, and leaves none where no command came after', () => {
    const [killed, never] = recoveryTimes([injection('api-kill', 0, 100, 400), injection('redis-restart', 5_000, 5_100)], [ack('place', 50)]);
    expect(killed!.recoveredAt).toBe(400);
    expect(never!.recoveredAt).toBeNull();
  });

  it('counts each command, lost or duplicated, under the last fault injected before it was sent', () => {
    const injections = [injection('api-kill', 1_000, 1_100, 1_300), injection('redis-restart', 2_000, 2_100, 2_200)];
    const rows = faultTable(
      injections,
      [ack('place', 500), ack('place', 1_200), ack('upload', 2_500), ack('complete', 2_600)],
      [
        { kind: 'place', problem: 'lost', key: 'k', orderId: 'o', at: 1_500, detail: '' },
        { kind: 'upload', problem: 'duplicated', key: 'k2', orderId: 'o2', at: 2_050, detail: '' },
      ],
    );
    expect(rows.map((r) => [r.fault, r.injected, r.acknowledged, r.lost, r.duplicated, r.recoveries])).toEqual([
      ['none', 0, 1, 0, 0, []],
      ['api-kill', 1, 1, 1, 0, [300]],
      ['redis-restart', 1, 2, 0, 1, [200]],
    ]);
  });

  it('takes nearest-rank percentiles', () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([5, 1, 3], 50)).toBe(3);
    expect(
      percentile(
        [...Array(100).keys()].map((n) => n + 1),
        99,
      ),
    ).toBe(99);
    expect(percentile([10, 20], 99)).toBe(20);
  });
});
