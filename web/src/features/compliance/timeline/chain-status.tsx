import type { Replay } from '../compliance-api';

/** The step (1-based, as the player counts) where the hash chain no longer holds. */
export const brokenStep = (chain: Replay['chain']) => (chain.intact || chain.brokenAt === null ? null : chain.brokenAt + 1);

/** Whether every event's hash still follows from the one before: a quiet badge when it does, a red banner when not. */
export function ChainStatus({ chain }: { chain: Replay['chain'] }) {
  const broken = brokenStep(chain);
  if (chain.intact) {
    return (
      <p className="chain-status intact" role="status">
        <span aria-hidden="true">✓</span> Hash chain intact
      </p>
    );
  }
  return (
    <div className="chain-broken" role="alert">
      <strong>{broken === null ? 'Chain broken' : `Chain broken at step ${broken}`}</strong>
      {chain.reason && <p>{chain.reason}</p>}
      <p>An event of this order was changed, removed or moved after it was recorded: from this step on, the log is not as it was written.</p>
    </div>
  );
}
