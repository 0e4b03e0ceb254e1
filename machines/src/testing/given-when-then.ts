/**
 * Business rules as Given/When/Then over events (Emmett's DeciderSpecification, in a few lines):
 * given these recorded events, when this command is decided, then these events, or this refusal.
 * Test support only.
 */
import { expect } from 'vitest';

export interface Decider<State, Event, Command> {
  initial(): State;
  evolve(state: State, event: Event): State;
  decide(state: State, command: Command): Event[];
}

export function specFor<State, Event, Command>(decider: Decider<State, Event, Command>) {
  return (given: Event[] = []) => ({
    when(command: Command) {
      const decide = () => decider.decide(given.reduce(decider.evolve, decider.initial()), command);
      return {
        // Not `then`: an object with a `then` method is taken for a promise by `await`.
        thenRecords(expected: Event[]): void {
          expect(decide()).toEqual(expected);
        },
        thenRefuses(expected: Record<string, unknown>): void {
          let refusal: unknown = null;
          try {
            decide();
          } catch (error) {
            refusal = error;
          }
          expect(refusal).toMatchObject(expected);
        },
      };
    },
  });
}
