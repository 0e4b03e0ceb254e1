import { useT, type TextKey } from '../../../i18n/use-t';
import { useId, useState } from 'react';
import { TabList } from '../../../components/tab-list';
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
  return (
    <section className="card">
      <TabList
        label={t('customer.trade.side')}
        tabs={SIDES.map((s) => ({ key: s.key, label: t(s.label) }))}
        selected={side}
        onSelect={setSide}
        tabId={(key) => `${id}-${key}`}
        panelId={() => `${id}-panel`}
        keys="wrap"
        tabClassName={(selected) => (selected ? 'tab active' : 'tab')}
      />
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${side}`}>
        {side === 'buy' ? <BuyForm onPlaced={onPlaced} /> : <SellForm onPlaced={onPlaced} />}
      </div>
    </section>
  );
}
