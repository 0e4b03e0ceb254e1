import { useT, type TextKey } from '../../../i18n/use-t';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Order } from '../customer-api';
import { BuyForm } from './buy-form';
import { SellForm } from './sell-form';

const SIDES = [
  { key: 'buy', label: 'customer.trade.buy' },
  { key: 'sell', label: 'customer.trade.sell' },
] as const satisfies readonly { key: string; label: TextKey }[];

/** The dashboard's Buy/Sell switch (a tab list: arrow keys move between the two). */
export function TradingTabs({ onPlaced }: { onPlaced: (order: Order) => void }) {
  const t = useT();
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next = side === 'buy' ? 1 : 0;
    setSide(SIDES[next]!.key);
    tabs.current[next]?.focus();
  };
  return (
    <section className="card">
      <div role="tablist" aria-label={t('customer.trade.side')} className="tabs" onKeyDown={onKeyDown}>
        {SIDES.map((s, i) => (
          <button
            key={s.key}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-${s.key}`}
            aria-selected={side === s.key}
            aria-controls={`${id}-panel`}
            tabIndex={side === s.key ? 0 : -1}
            className={side === s.key ? 'tab active' : 'tab'}
            onClick={() => setSide(s.key)}
          >
            {t(s.label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${side}`}>
        {side === 'buy' ? <BuyForm onPlaced={onPlaced} /> : <SellForm onPlaced={onPlaced} />}
      </div>
    </section>
  );
}
