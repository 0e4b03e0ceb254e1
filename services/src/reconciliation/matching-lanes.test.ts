import { describe, expect, it } from 'vitest';
import { lanesOf, runLanes } from './matching-lanes';

interface Line {
  name: string;
  orders: string[];
}
const line = (name: string, ...orders: string[]): Line => ({ name, orders });
const names = (lanes: Line[][]) => lanes.map((lane) => lane.map((l) => l.name));

describe('lanesOf: lines that may touch one order share a lane, in the page order', () => {
  it('gives each line of its own orders a lane of its own', () => {
    expect(names(lanesOf([line('a', 'o1'), line('b', 'o2'), line('c')], (l) => l.orders))).toEqual([['a'], ['b'], ['c']]);
  });

  it('puts a reference paid twice in one lane, the earlier line first', () => {
    const lanes = lanesOf([line('first', 'o1'), line('other', 'o2'), line('again', 'o1')], (l) => l.orders);
    expect(names(lanes)).toEqual([['first', 'again'], ['other']]);
  });

  it('joins lanes a line ties together, every line after the ones it depends on', () => {
    const lanes = lanesOf([line('a', 'o1'), line('b', 'o2'), line('c', 'o3'), line('ab', 'o2', 'o1'), line('after', 'o2')], (l) => l.orders);
    expect(names(lanes)).toEqual([['a', 'b', 'ab', 'after'], ['c']]);
  });
});

describe('runLanes', () => {
  it('weighs each lane in order, lanes side by side, at most `concurrency` at once', async () => {
    const done: string[] = [];
    let running = 0;
    let most = 0;
    await runLanes([['a1', 'a2', 'a3'], ['b1'], ['c1'], ['d1']], 2, async (item) => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, item === 'a1' ? 20 : 1));
      done.push(item);
      running--;
    });
    expect(most).toBe(2);
    expect(done.filter((item) => item.startsWith('a'))).toEqual(['a1', 'a2', 'a3']);
    expect(done.sort()).toEqual(['a1', 'a2', 'a3', 'b1', 'c1', 'd1']);
  });

  it('throws the first failure and starts nothing after it', async () => {
    const done: string[] = [];
    const run = runLanes([['bad', 'after-bad'], ['ok'], ['later']], 1, async (item) => {
      if (item === 'bad') throw new Error('refused');
      done.push(item);
    });
    await expect(run).rejects.toThrow('refused');
    expect(done).toEqual([]);
  });
});
