import { formatInr, selectRate, type SettlementMethod, type Side } from '@desk/machines/pricing/pricing';
import { useToast } from '../../../components/toasts';
import { usePublicConfig } from '../../../lib/public-config';

const TILES: readonly { label: string; side: Side; method: SettlementMethod }[] = [
  { label: 'Bank buy', side: 'buy', method: 'bank' },
  { label: 'Bank sell', side: 'sell', method: 'bank' },
  { label: 'Cash buy', side: 'buy', method: 'cash' },
  { label: 'Cash sell', side: 'sell', method: 'cash' },
];

/** The four rates the forms will quote with (same fallbacks), and a way to fetch them again. */
export function LiveRates() {
  const config = usePublicConfig();
  const toast = useToast();
  const refresh = async () => {
    const result = await config.refetch();
    toast(result.isError ? 'Failed to load data' : 'Rates updated', result.isError ? 'error' : 'success');
  };
  return (
    <section className="card" aria-labelledby="live-rates-title">
      <div className="row space-between">
        <h2 id="live-rates-title">Live Rates</h2>
        <button type="button" className="btn secondary small" onClick={refresh} disabled={config.isFetching}>
          {config.isFetching ? 'Refreshing...' : 'Refresh'}
        </button>
      </div>
      <div className="tiles">
        {TILES.map((t) => (
          <div key={t.label} className="tile">
            <span className="muted">{t.label}</span>
            <strong>{config.data ? formatInr(selectRate(config.data.rates, t.side, t.method).rate) : '-'}</strong>
          </div>
        ))}
      </div>
    </section>
  );
}
