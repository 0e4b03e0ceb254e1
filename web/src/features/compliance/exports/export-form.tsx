import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/field';
import { OptionsSelect } from '../../../components/options-select';
import type { ExportRequest } from '../compliance-api';
import { localToIso } from '../ui/as-of';
import { useBrands } from '../ui/use-brands';
import { Failure } from '../ui/failure';
import { ExportResult } from './export-result';
import { useCreateExport } from './use-create-export';
import { SubmitButton } from '../../../components/submit-button';

/** The API takes 1 to 500 orders in one export. */
const MAX_ORDERS = 500;

/** Order references (ORD-…) or ids, one a line or separated by commas (or spaces), each once. */
export const parseOrderIds = (text: string) => [...new Set(text.split(/[\s,;]+/).filter(Boolean))];

type Mode = 'orders' | 'window';

/** An export either of chosen orders or of every event recorded in a time window (optionally one brand). */
export function ExportForm({ byBrand }: { byBrand: boolean }) {
  const [mode, setMode] = useState<Mode>('orders');
  const [ids, setIds] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [tenantId, setTenantId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const exporting = useCreateExport();
  const brands = useBrands(byBrand);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const request = mode === 'orders' ? byOrders(parseOrderIds(ids)) : byWindow(localToIso(from), localToIso(to), tenantId.trim());
    if (typeof request === 'string') return setProblem(request);
    setProblem(null);
    exporting.mutate(request);
  };

  return (
    <section className="card stack" aria-labelledby="export-form-title">
      <h2 id="export-form-title">New export</h2>
      <form className="stack export-form" onSubmit={submit} aria-label="New export">
        <fieldset className="row mode-choice">
          <legend>Export</legend>
          <label>
            <input type="radio" name="mode" checked={mode === 'orders'} onChange={() => setMode('orders')} /> Chosen orders
          </label>
          <label>
            <input type="radio" name="mode" checked={mode === 'window'} onChange={() => setMode('window')} /> A time window
          </label>
        </fieldset>
        {mode === 'orders' ? (
          <Field label="Orders" hint={`Their references (ORD-…) or order ids, one a line or separated by commas; up to ${MAX_ORDERS}.`}>
            <textarea rows={5} value={ids} placeholder={'ORD-7K2M9QX4TB\nORD-3HJ8W2N6PD'} onChange={(e) => setIds(e.target.value)} />
          </Field>
        ) : (
          <div className="grid">
            <Field label="From">
              <input type="datetime-local" step={1} value={from} onChange={(e) => setFrom(e.target.value)} />
            </Field>
            <Field label="To">
              <input type="datetime-local" step={1} value={to} onChange={(e) => setTo(e.target.value)} />
            </Field>
            {byBrand && (
              <Field label="Brand">
                <OptionsSelect
                  value={tenantId}
                  options={[{ value: '', label: 'Every brand' }, ...brands.list.map((b) => ({ value: b._id, label: b.name }))]}
                  onChange={setTenantId}
                />
              </Field>
            )}
          </div>
        )}
        <div className="row">
          <SubmitButton busy={exporting.isPending} busyLabel="Preparing...">
            Create export
          </SubmitButton>
        </div>
      </form>
      {problem ? (
        <p role="alert" className="error">
          {problem}
        </p>
      ) : (
        <Failure error={exporting.error} fallback="Failed to make the export" />
      )}
      {exporting.data && <ExportResult link={exporting.data} />}
    </section>
  );
}

function byOrders(orderIds: string[]): ExportRequest | string {
  if (orderIds.length === 0) return 'Enter at least one order reference or id';
  if (orderIds.length > MAX_ORDERS) return `At most ${MAX_ORDERS} orders in one export (${orderIds.length} entered)`;
  return { orderIds };
}

function byWindow(from: string, to: string, tenantId: string): ExportRequest | string {
  if (!from || !to) return 'Choose when the window starts and ends';
  if (Date.parse(from) >= Date.parse(to)) return 'The window must start before it ends';
  return tenantId ? { from, to, tenantId } : { from, to };
}
