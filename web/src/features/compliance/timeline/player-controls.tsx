import type { Player } from './use-player';

/**
 * First, previous, play or pause, next, last, and where the player is ("Step 3 of 7"). The buttons
 * are named by their words alone (the arrows are hidden from screen readers), so what a voice user
 * says is what they see.
 */
export function PlayerControls({ player }: { player: Player }) {
  // A step chosen by hand stops the playing, as a video's scrubber does.
  const step = (move: () => void) => () => {
    player.pause();
    move();
  };
  return (
    <div className="player-controls" role="group" aria-label="Replay controls">
      <button type="button" className="btn secondary small" onClick={step(player.first)} disabled={player.atFirst}>
        <span aria-hidden="true">«</span> First
      </button>
      <button type="button" className="btn secondary small" onClick={step(player.previous)} disabled={player.atFirst}>
        <span aria-hidden="true">‹</span> Previous
      </button>
      {player.playing ? (
        <button type="button" className="btn small" onClick={player.pause}>
          <span aria-hidden="true">‖</span> Pause
        </button>
      ) : (
        <button type="button" className="btn small" onClick={player.play} disabled={player.count < 2}>
          <span aria-hidden="true">▶</span> Play
        </button>
      )}
      <button type="button" className="btn secondary small" onClick={step(player.next)} disabled={player.atLast}>
        Next <span aria-hidden="true">›</span>
      </button>
      <button type="button" className="btn secondary small" onClick={step(player.last)} disabled={player.atLast}>
        Last <span aria-hidden="true">»</span>
      </button>
      <span className="step-counter" aria-live="polite">
        Step {player.index + 1} of {player.count}
      </span>
    </div>
  );
}
