import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { isNotFound } from '../../../lib/api';
import { NotFoundCard } from '../../../components/not-found-card';
import { complianceApi, complianceKeys, type Replay } from '../compliance-api';
import { Failure } from '../ui/failure';
import { ExportResult } from '../exports/export-result';
import { useCreateExport } from '../exports/use-create-export';
import { ChainStatus } from './chain-status';
import { PlayerControls } from './player-controls';
import { StepList } from './step-list';
import { StepDetails } from './step-details';
import { OrderAsOfCard } from './order-as-of-card';
import { usePlayer } from './use-player';
import './timeline.css';
import { BackLink } from '../../../components/back-link';

/** `/compliance/orders/:id`: the order's every event, stepped through with the order's state after each. */
export function OrderTimelinePage() {
  const { id = '' } = useParams();
  const replay = useQuery({ queryKey: complianceKeys.replay(id), queryFn: () => complianceApi.replay(id) });
  return (
    <section className="stack compliance-screen">
      <BackLink to="/compliance">← Back to Orders</BackLink>
      {replay.isPending && <p className="muted">Loading the order's events...</p>}
      {isNotFound(replay.error) ? <NotFoundCard title="Order not found" /> : <Failure error={replay.error} fallback="Failed to load the order's events" />}
      {replay.data && <Timeline key={replay.data.orderId} replay={replay.data} />}
    </section>
  );
}

function Timeline({ replay }: { replay: Replay }) {
  const player = usePlayer(replay.steps.length);
  const step = replay.steps[player.index];
  const brokenAt = replay.chain.intact ? null : replay.chain.brokenAt;
  const latest = replay.steps.at(-1)?.recordedAt ?? null;
  // The step in force at the instant chosen: the last one recorded by then (the first if none was).
  const showAsOf = (asOf: string) => {
    const inForce = replay.steps.findLastIndex((s) => Date.parse(s.recordedAt) <= Date.parse(asOf));
    player.pause();
    player.goTo(Math.max(0, inForce));
  };
  return (
    <>
      <div className="compliance-head">
        <div>
          <h1>Order #{replay.refCode ?? replay.orderId}</h1>
          <p className="muted">
            {replay.steps.length} event{replay.steps.length === 1 ? '' : 's'} · order id <code className="address">{replay.orderId}</code>
          </p>
        </div>
        <ExportOrderButton orderId={replay.orderId} />
      </div>
      <ChainStatus chain={replay.chain} />
      <OrderAsOfCard orderId={replay.orderId} latest={latest} onChoose={showAsOf} />
      {step ? (
        <>
          <div className="card player">
            <PlayerControls player={player} />
          </div>
          <div className="timeline-grid">
            <div className="card">
              <h2>Timeline</h2>
              <StepList
                steps={replay.steps}
                current={player.index}
                brokenAt={brokenAt}
                onSelect={(i) => {
                  player.pause();
                  player.goTo(i);
                }}
              />
            </div>
            <StepDetails step={step} before={replay.steps[player.index - 1]?.state ?? null} number={player.index + 1} />
          </div>
        </>
      ) : (
        <p className="card muted">This order has no events.</p>
      )}
    </>
  );
}

function ExportOrderButton({ orderId }: { orderId: string }) {
  const exporting = useCreateExport();
  return (
    <div className="stack export-order">
      <button type="button" className="btn secondary" disabled={exporting.isPending} onClick={() => exporting.mutate({ orderIds: [orderId] })}>
        {exporting.isPending ? 'Preparing...' : 'Export this order'}
      </button>
      <Failure error={exporting.error} fallback="Failed to make the export" />
      {exporting.data && <ExportResult link={exporting.data} />}
    </div>
  );
}
