import type { Player } from './use-player';

/** First, previous, play or pause, next, last, and where the player is ("Step 3 of 7"). */
export function PlayerControls({ player }: { player: Player }) {
  // A step chosen by hand stops the playing, as a video's scrubber does.
  const step = (move: () => void) => () => {
    player.pause();
    move();
  };
  return (
    <div className="player-controls" role="group" aria-label="Replay controls">
      <button type="button" className="btn secondary small" onClick={step(player.first)} disabled={player.atFirst} aria-label="First step">
        <span aria-hidden="true">«</span> First
      </button>
      <button type="button" className="btn secondary small" onClick={step(player.previous)} disabled={player.atFirst} aria-label="Previous step">
        <span aria-hidden="true">‹</span> Previous
      </button>
      {player.playing ? (
        <button type="button" className="btn small" onClick={player.pause} aria-label="Pause">
          <span aria-hidden="true">‖</span> Pause
        </button>
      ) : (
        <button type="button" className="btn small" onClick={player.play} disabled={player.count < 2} aria-label="Play">
          <span aria-hidden="true">▶</span> Play
        </button>
      )}
      <button type="button" className="btn secondary small" onClick={step(player.next)} disabled={player.atLast} aria-label="Next step">
        Next <span aria-hidden="true">›</span>
      </button>
      <button type="button" className="btn secondary small" onClick={step(player.last)} disabled={player.atLast} aria-label="Last step">
        Last <span aria-hidden="true">»</span>
      </button>
      <span className="step-counter" aria-live="polite">
        Step {player.index + 1} of {player.count}
      </span>
    </div>
  );
}
