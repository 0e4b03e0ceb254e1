import { describe, expect, it } from 'vitest';
import { rememberPlaced, withPlaced } from './placed-orders';
import type { Order } from './customer-api';

const order = (id: string) => ({ _id: id }) as Order;

describe('placed orders (read-your-writes)', () => {
  it('puts a just-placed order in front of a list that does not have it yet, until the list does or a minute passes', () => {
    const now = Date.now();
    rememberPlaced(order('new'), now);
    expect(withPlaced([order('old')], now + 100).map((o) => o._id)).toEqual(['new', 'old']);
    expect(withPlaced([order('new'), order('old')], now + 200).map((o) => o._id)).toEqual(['new', 'old']);
    expect(withPlaced([order('old')], now + 300).map((o) => o._id)).toEqual(['old']); // listed once: forgotten
    rememberPlaced(order('late'), now);
    expect(withPlaced([order('old')], now + 61_000).map((o) => o._id)).toEqual(['old']);
  });
});
