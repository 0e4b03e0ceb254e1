import { useSay, useT, type TextKey } from '../../../i18n/use-t';
import { formatInr, selectRate, type SettlementMethod, type Side } from '@desk/machines/pricing/pricing';
import { useToast } from '../../../components/toasts';
import { usePublicConfig } from '../../../lib/public-config';

const TILES: readonly { label: TextKey; side: Side; method: SettlementMethod }[] = [
  { label: 'customer.rates.bankBuy', side: 'buy', method: 'bank' },
  { label: 'customer.rates.bankSell', side: 'sell', method: 'bank' },
  { label: 'customer.rates.cashBuy', side: 'buy', method: 'cash' },
  { label: 'customer.rates.cashSell', side: 'sell', method: 'cash' },
];

/** The four rates the forms will quote with (same fallbacks), and a way to fetch them again. */
export function LiveRates() {
  const t = useT();
  const say = useSay();
  const config = usePublicConfig();
  const toast = useToast();
  const refresh = async () => {
    const result = await config.refetch();
    toast(say(result.isError ? 'Failed to load data' : 'Rates updated'), result.isError ? 'error' : 'success');
  };
  return (
    <section className="card" aria-labelledby="live-rates-title">
      <div className="row space-between">
        <h2 id="live-rates-title">{t('customer.rates.title')}</h2>
        <button type="button" className="btn secondary small" onClick={refresh} disabled={config.isFetching}>
          {config.isFetching ? t('customer.rates.refreshing') : t('customer.rates.refresh')}
        </button>
      </div>
      <div className="tiles">
        {TILES.map((tile) => (
          <div key={tile.label} className="tile">
            <span className="muted">{t(tile.label)}</span>
            <strong>{config.data ? formatInr(selectRate(config.data.rates, tile.side, tile.method).rate) : '-'}</strong>
          </div>
        ))}
      </div>
    </section>
  );
}
